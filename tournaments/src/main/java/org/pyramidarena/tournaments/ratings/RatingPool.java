package org.pyramidarena.tournaments.ratings;

import java.util.Objects;

import org.pyramidarena.tournaments.MatchRecord;

/**
 * One pool's ratings kept up to date as results come in, for a leaderboard that is fitted again
 * after every few matches: each record is reduced when it is added to the pair cells the
 * Bradley-Terry fit reads, so a fit costs what the cells cost (at most one per pair of bots met,
 * times the seat-advantage flag), however many records made them.
 *
 * <p>The fit is {@link RatingTable#compute}'s: the same cells, so the same Elo (to the rounding of
 * sums of weights such as 1/3). The error bars differ for games of three or more seats only:
 * {@code RatingTable} resamples those whole, keeping one entry per distinct result (bots by seat and
 * their ranks), which is nearly one per game once there are many bots; here they are kept as their
 * pairwise results, counted per cell, number of seats and score (a win, a draw or a loss), and the
 * bootstrap draws a Poisson count for each such group, a Poisson bootstrap of the pairwise results.
 * That treats the pairwise results of one game as independent although they are not (a seat that
 * finishes first wins all its pairs), so its error bars for bots that play many-seat games are
 * narrower: for four equal bots, a seat's score in one game varies 1.67 times as much as three
 * independent pairwise results would, so a bar drawn from those games alone is about 1.29 times too
 * narrow. Two-player games are simulated from the fit per cell, as {@code RatingTable} does (the
 * same draws, so the same error bars when every game has two seats).
 *
 * <p>The table depends on the records added, not on their order: bots are numbered by name, cells
 * and groups sorted, and the per-bot sums made again from the sorted cells. Not safe for use by
 * several threads at once.
 */
public final class RatingPool {
    private final RatingOptions options;
    private final PairwiseData.Builder builder;
    private long records;

    /** @param options the fit and bootstrap options of every table made */
    public RatingPool(RatingOptions options) {
        this.options = Objects.requireNonNull(options, "options");
        this.builder = new PairwiseData.Builder(options.firstSeatAdvantage(), true);
    }

    /** Adds one match's result; a match whose seats all hold one bot is counted but rates nobody. */
    public void add(MatchRecord record) {
        builder.add(Objects.requireNonNull(record, "record"));
        records++;
    }

    /** The records added so far. */
    public long records() {
        return records;
    }

    /**
     * The standings of the records added so far: {@code snapshot().table(label)}.
     *
     * @param label what the table is about, as {@link RatingTable#label()} says
     * @throws IllegalArgumentException when the options' anchor bot appears in no record
     */
    public RatingTable table(String label) {
        return snapshot().table(label);
    }

    /**
     * The records added so far reduced to the cells a fit reads, to be fitted later, on any thread,
     * while more records are added to the pool.
     */
    public Snapshot snapshot() {
        return new Snapshot(new PairwiseData(builder), records, options);
    }

    /** A pool's cells as they were when taken; immutable, so it may be fitted on any thread. */
    public static final class Snapshot {
        private final PairwiseData data;
        private final long records;
        private final RatingOptions options;

        private Snapshot(PairwiseData data, long records, RatingOptions options) {
            this.data = data;
            this.records = records;
            this.options = options;
        }

        /** The records the pool had been given. */
        public long records() {
            return records;
        }

        /** The bots that met another bot in them. */
        public int bots() {
            return data.bots.size();
        }

        /**
         * The standings, with the pool's bootstrap error bars.
         *
         * @throws IllegalArgumentException when the options' anchor bot appears in no record
         */
        public RatingTable table(String label) {
            return RatingTable.compute(label, data, options);
        }

        /**
         * The standings without error bars (NaN): the fit alone, the same Elo as {@link #table}'s,
         * without the cost of the bootstrap's replicates (each one more fit).
         *
         * @throws IllegalArgumentException when the options' anchor bot appears in no record
         */
        public RatingTable eloOnly(String label) {
            return RatingTable.compute(label, data, options.withBootstrap(0, options.seed()));
        }
    }
}
