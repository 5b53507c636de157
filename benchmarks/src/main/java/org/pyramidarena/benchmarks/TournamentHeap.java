package org.pyramidarena.benchmarks;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;
import org.pyramidarena.arena.tournament.Progress;

/**
 * The heap of a long in-process tournament, a main class rather than JMH: what is measured is one
 * long run's memory, not a repeated operation's time. It plays the {@link TournamentBenchmark}
 * round-robin (ten random bots in Pylon, replays off) for {@code cycles} cycles, 11,112 by default
 * (1,000,080 matches), and records the heap in use after every garbage collection together with
 * the matches finished by then. It prints the heap after collection at each tenth of the matches
 * and the lowest and highest while the matches were played, and apart from them the collections at
 * the end of the run (the sorted results file put in place, the standings fitted and written), if any.
 *
 * <pre>java -Xmx256m -cp benchmarks/target/benchmarks.jar org.pyramidarena.benchmarks.TournamentHeap [cycles] [concurrency]</pre>
 */
public final class TournamentHeap {

    private TournamentHeap() {
    }

    private record Sample(long atMillis, int matches, long usedBytes, boolean afterPlay) {
    }

    public static void main(String[] args) throws Exception {
        int cycles = args.length > 0 ? Integer.parseInt(args[0]) : 11_112;
        int concurrency = args.length > 1 ? Integer.parseInt(args[1]) : 2;
        List<Sample> samples = new ArrayList<>();
        int[] finished = new int[1];
        boolean[] playing = new boolean[1];
        long[] playNanos = new long[2];
        long start = System.currentTimeMillis();
        for (GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans()) {
            ((NotificationEmitter) collector).addNotificationListener((notification, handback) -> {
                if (!notification.getType().equals(GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
                    return;
                }
                GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                        (CompositeData) notification.getUserData());
                long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                        .mapToLong(MemoryUsage::getUsed).sum();
                synchronized (samples) {
                    samples.add(new Sample(System.currentTimeMillis() - start, playing[0] ? finished[0] : -1, used,
                            playNanos[1] != 0));
                }
            }, null, null);
        }
        Progress progress = new Progress() {
            @Override
            protected void show(int done, int total, boolean last) {
                // Play ends with the last match's result; sorting the results file and reading it
                // back for the standings come after.
                synchronized (samples) {
                    if (done == 0 && !last) {
                        playNanos[0] = System.nanoTime();
                        playing[0] = true;
                    }
                    if (playing[0] && done == total) {
                        playNanos[1] = System.nanoTime();
                        playing[0] = false;
                    }
                    finished[0] = done;
                }
            }
        };
        long begin = System.nanoTime();
        int total = TournamentBenchmark.play(cycles, concurrency, progress);
        double seconds = (System.nanoTime() - begin) / 1e9;
        System.out.printf(Locale.ROOT, "%d matches at concurrency %d in %.1f s (%.0f matches/s, end included), max heap %d MB%n",
                total, concurrency, seconds, total / seconds, Runtime.getRuntime().maxMemory() >> 20);
        double playSeconds = (playNanos[1] - playNanos[0]) / 1e9;
        System.out.printf(Locale.ROOT, "the matches took %.1f s (%.0f matches/s), the rest (schedule, the end of the run: "
                + "sorted file in place, standings fitted, files written) %.1f s%n", playSeconds, total / playSeconds, seconds - playSeconds);
        List<Sample> during;
        synchronized (samples) {
            during = samples.stream().filter(s -> s.matches() >= 0).toList();
            System.out.printf(Locale.ROOT, "%d collections, %d while the matches were played%n", samples.size(),
                    during.size());
        }
        if (during.isEmpty()) {
            return;
        }
        int next = 0;
        for (Sample s : during) {
            if (s.matches() >= next * (long) total / 10) {
                System.out.printf(Locale.ROOT, "  after %8d matches: heap after collection %6.1f MB%n", s.matches(),
                        s.usedBytes() / 1048576.0);
                next = (int) (s.matches() * 10L / total) + 1;
            }
        }
        Sample last = during.get(during.size() - 1);
        System.out.printf(Locale.ROOT, "  last during play (%d matches): %.1f MB%n", last.matches(), last.usedBytes() / 1048576.0);
        synchronized (samples) {
            List<Sample> after = samples.stream().filter(Sample::afterPlay).toList();
            long endHigh = after.stream().mapToLong(Sample::usedBytes).max().orElse(0);
            System.out.printf(Locale.ROOT, after.isEmpty() ? "after the matches: no collection%n"
                    : "after the matches: %d collections, highest heap after collection %.1f MB%n", after.size(),
                    endHigh / 1048576.0);
        }
        List<Sample> settled = during.subList(Math.min(during.size() - 1, 2), during.size());
        long low = settled.stream().mapToLong(Sample::usedBytes).min().orElse(0);
        long high = settled.stream().mapToLong(Sample::usedBytes).max().orElse(0);
        System.out.printf(Locale.ROOT, "heap after collection while playing (from the third collection): lowest %.1f MB, "
                + "highest %.1f MB, spread %.1f MB%n", low / 1048576.0, high / 1048576.0, (high - low) / 1048576.0);
    }
}
