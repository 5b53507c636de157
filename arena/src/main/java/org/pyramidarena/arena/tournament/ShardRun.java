package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.PairingStrategy;
import org.pyramidarena.tournaments.pairing.Round;
import org.pyramidarena.tournaments.ratings.RatingOptions;

/**
 * What makes a {@link TournamentRunner}'s run one shard of a run cut into several ({@link Shard}):
 * the folder it must play into ({@code shard-K-of-N}, beside the other shards'), its share of a
 * list of matches, its {@link ShardFile}, and, for a Swiss tournament, the rounds paired from every
 * shard's results, read from the other shards' folders, with the wait for their part of a round.
 * Shards coordinate through those folders alone.
 */
final class ShardRun {

    /** How often a waiting shard looks at the other shards' results. */
    private static final long POLL_MILLIS = 250;

    /** What the shard's Swiss rounds need of the runner that plays them. */
    interface Rounds {

        /** Checks that records on disk are of the matches the pairing scheduled at their indices. */
        void check(List<MatchRecord> records, List<MatchSpec> matches);

        /**
         * Plays matches, telling {@code played} of each from the match threads (it is
         * synchronized by the caller).
         */
        void play(List<MatchSpec> matches, Set<Integer> finished, Consumer<MatchRecord> played)
                throws IOException, InterruptedException;
    }

    private final Shard place;
    private final String kind;
    private final long waitMillis;
    private final Consumer<String> notices;
    private final Tournament tournament;

    /**
     * @param place which shard
     * @param kind {@code tournament} or {@code balance}, for the merge
     * @param waitMillis how long a Swiss shard waits for the rest of a round before it gives up
     * @param notices hears what a waiting shard waits for, a line at a time
     * @param tournament the whole run's tournament
     */
    ShardRun(Shard place, String kind, long waitMillis, Consumer<String> notices, Tournament tournament) {
        this.place = place;
        this.kind = kind;
        this.waitMillis = waitMillis;
        this.notices = notices;
        this.tournament = tournament;
    }

    /** Which shard. */
    Shard place() {
        return place;
    }

    /**
     * Checks that the shard plays into its own folder and that a folder already begun holds the
     * same run: its {@code shard.json} must be of this shard and these settings.
     */
    void checkFolder(Path out) {
        if (!place.folderName().equals(out.getFileName() == null ? "" : out.getFileName().toString())) {
            throw new IllegalArgumentException("shard " + place + " plays into a folder named " + place.folderName()
                    + ", not " + out);
        }
        if (Files.exists(out.resolve(RunFolder.SHARD))) {
            ShardFile earlier = ShardFile.read(out);
            if (!earlier.settingsHash().equals(ShardFile.settingsHash(tournament.settings()))
                    || !earlier.place().equals(place) || !earlier.kind().equals(kind)) {
                throw new IllegalArgumentException(out + " holds shard " + earlier.place() + " of a run with other "
                        + "settings; give the same settings to every shard of a run, or choose another --out");
            }
        }
    }

    /** Writes the shard's {@code shard.json} into its folder. */
    void writeFile(Path out, RatingOptions ratings, ContestantFactory contestants)
            throws IOException {
        ShardFile.of(kind, tournament, place, ratings, contestants).write(out);
    }

    /** This shard's share of a list of matches, in their order. */
    List<MatchSpec> share(List<MatchSpec> matches) {
        int[] dealt = Shard.deal(matches, place.count());
        List<MatchSpec> mine = new ArrayList<>(matches.size() / place.count() + 1);
        for (int i = 0; i < dealt.length; i++) {
            if (dealt[i] == place.index()) {
                mine.add(matches.get(i));
            }
        }
        return mine;
    }

    /**
     * Refuses results in the shard's folder of a match that is not in its share.
     *
     * @param share the shard's share of the schedule
     */
    void checkOwn(List<MatchSpec> share, List<MatchRecord> records, Path out) {
        Set<Integer> mine = new HashSet<>();
        share.forEach(m -> mine.add(m.index()));
        for (MatchRecord record : records) {
            if (!mine.contains(record.match())) {
                throw new IllegalArgumentException("the results in " + out + " hold match "
                        + record.match() + ", which is not shard " + place + "'s");
            }
        }
    }

    /**
     * Plays this shard's part of a Swiss tournament: each round is paired, the same way by every
     * shard, from all shards' results of the rounds before it, read from their folders beside this
     * one; this shard plays its share of the round, then waits until the other shards' share is in.
     *
     * @param resumed the records this shard's folder held when the run began
     * @return how many matches this shard's results hold at the end
     */
    int playSwiss(Path out, PairingStrategy strategy, PairingSetup setup, List<MatchRecord> resumed,
                  Progress progress, Rounds rounds) throws IOException, InterruptedException {
        List<MatchRecord> own = new ArrayList<>(resumed);
        Set<Integer> finished = new HashSet<>();
        own.forEach(r -> finished.add(r.match()));
        boolean started = false;
        int waitedRound = -1;
        long waitingSince = 0;
        while (true) {
            List<MatchRecord> all = withOtherShards(out, own);
            Optional<Round> round = strategy.nextRound(setup, all);
            if (round.isEmpty()) {
                return own.size();
            }
            List<MatchSpec> matches = round.get().matches();
            rounds.check(all, matches);
            List<MatchSpec> mine = share(matches);
            if (!started) {
                progress.start(mine.size() * tournament.rounds(), resumed.size());
                started = true;
            }
            if (mine.stream().anyMatch(m -> !finished.contains(m.index()))) {
                rounds.play(mine, Set.copyOf(finished), record -> {
                    synchronized (own) {
                        own.add(record);
                        finished.add(record.match());
                    }
                });
                continue;
            }
            // This shard's part of the round is in: wait for the others'.
            if (waitedRound != round.get().number()) {
                waitedRound = round.get().number();
                waitingSince = System.nanoTime();
                notices.accept("shard " + place + ": waiting for the other shards' part of round " + waitedRound
                        + " (at most " + waitMillis / 1000 + " s, --shard-wait)");
            } else if (System.nanoTime() - waitingSince > waitMillis * 1_000_000L) {
                Set<Integer> present = new HashSet<>();
                all.forEach(r -> present.add(r.match()));
                long missing = matches.stream().filter(m -> !present.contains(m.index())).count();
                throw new IllegalArgumentException("shard " + place + ": round " + waitedRound + " still lacks "
                        + missing + " matches of the other shards after " + waitMillis / 1000 + " s (--shard-wait); "
                        + "are they running with the same --out? Run this shard again to go on waiting");
            }
            Thread.sleep(POLL_MILLIS);
        }
    }

    /**
     * This shard's records with those the other shards of the run have written so far, read from
     * their folders beside this one (a shard not started yet has none); a folder of other settings
     * is refused.
     */
    private List<MatchRecord> withOtherShards(Path out, List<MatchRecord> own) throws IOException {
        List<MatchRecord> all;
        synchronized (own) {
            all = new ArrayList<>(own);
        }
        String hash = ShardFile.settingsHash(tournament.settings());
        for (int other = 0; other < place.count(); other++) {
            if (other == place.index()) {
                continue;
            }
            Path folder = out.resolveSibling(new Shard(other, place.count()).folderName());
            Path otherResults = folder.resolve(RunFolder.RESULTS);
            if (!Files.exists(folder.resolve(RunFolder.SHARD)) || !Files.exists(otherResults)) {
                continue;
            }
            if (!ShardFile.read(folder).settingsHash().equals(hash)) {
                throw new IllegalArgumentException(folder + " holds a shard of a run with other settings than shard "
                        + place + "'s; every shard of a run needs the same settings");
            }
            all.addAll(ResultsFile.read(otherResults));
        }
        return all;
    }
}
