package org.pyramidarena.arena.tournament;

import java.io.PrintWriter;
import java.util.Locale;

/**
 * Tells a person how far a tournament is: on a terminal a bar redrawn in place with matches done,
 * rate and time left; elsewhere (a log, a pipe, CI) a plain line at every tenth of the way.
 */
public abstract class Progress {

    /** Says nothing. */
    public static final Progress NONE = new Progress() {
        @Override
        public void update(int done) {
            // Nothing to show, so no lock for the match threads to take turns at.
        }

        @Override
        protected void show(int done, int total, boolean last) {
        }
    };

    private long startNanos;
    private int startDone;
    private int total;

    /** A bar when {@code terminal}, else plain lines, written to {@code out}. */
    public static Progress to(PrintWriter out, boolean terminal) {
        return terminal ? new Bar(out) : new Lines(out);
    }

    /**
     * The tournament starts (or resumes).
     *
     * @param total matches in the whole tournament, byes included
     * @param done matches already in the results
     */
    public synchronized void start(int total, int done) {
        this.total = total;
        this.startDone = done;
        this.startNanos = System.nanoTime();
        show(done, total, false);
    }

    /** A match finished; {@code done} counts every match in the results. */
    public synchronized void update(int done) {
        show(done, total, false);
    }

    /** The tournament is over. */
    public synchronized void finish(int done) {
        show(done, total, true);
    }

    /** Shows the progress; {@code last} once, when the tournament is over. */
    protected abstract void show(int done, int total, boolean last);

    /** Matches a second over this session, or 0 before the first. */
    double rate(int done) {
        double seconds = (System.nanoTime() - startNanos) / 1e9;
        return seconds <= 0 || done <= startDone ? 0 : (done - startDone) / seconds;
    }

    String status(int done, int total) {
        double rate = rate(done);
        String left = rate == 0 ? "--:--" : clock((long) Math.ceil((total - done) / rate));
        return String.format(Locale.ROOT, "%d/%d matches  %.1f/s  %s left", done, total, rate, left);
    }

    /** A duration as a clock shows it: {@code 4:05}, or {@code 1:02:03} from an hour on. */
    public static String clock(long seconds) {
        return seconds >= 3600
                ? String.format(Locale.ROOT, "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
    }

    /** A bar redrawn in place with a carriage return, at most ten times a second. */
    private static final class Bar extends Progress {
        private static final int WIDTH = 30;
        private final PrintWriter out;
        private long lastNanos;

        Bar(PrintWriter out) {
            this.out = out;
        }

        @Override
        protected void show(int done, int total, boolean last) {
            long now = System.nanoTime();
            if (!last && now - lastNanos < 100_000_000L && done < total) {
                return;
            }
            lastNanos = now;
            int filled = total == 0 ? WIDTH : (int) ((long) WIDTH * done / total);
            out.print("\r[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + status(done, total) + "   ");
            if (last) {
                out.println();
            }
            out.flush();
        }
    }

    /** A line at each tenth of the way, and one at the end. */
    private static final class Lines extends Progress {
        private final PrintWriter out;
        private int lastTenth = -1;

        Lines(PrintWriter out) {
            this.out = out;
        }

        @Override
        protected void show(int done, int total, boolean last) {
            int tenth = total == 0 ? 10 : (int) (10L * done / total);
            if (last || tenth > lastTenth) {
                if (!last || tenth > lastTenth) {
                    out.println("progress: " + status(done, total));
                    out.flush();
                }
                lastTenth = tenth;
            }
        }
    }
}
