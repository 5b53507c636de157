package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

import org.pyramidarena.tournaments.MatchRecord;

/**
 * Elo standings per game and overall (all games pooled into one fit).
 *
 * @param overall the table over every record, labelled {@value #OVERALL}
 * @param byGame one table per game id, in game id order
 */
public record Standings(RatingTable overall, Map<String, RatingTable> byGame) {
    /** The label of the pooled table, and the {@code game} column of its rows in standings.csv. */
    public static final String OVERALL = "all";

    public Standings {
        Objects.requireNonNull(overall, "overall");
        byGame = Collections.unmodifiableMap(new TreeMap<>(byGame));
    }

    /**
     * Computes the standings.
     *
     * @param records the match results, in any order
     * @param options the fit options; with an anchor bot, a game's table in which the anchor has no
     *     games puts its pool average at the anchor's Elo instead
     * @return the per-game tables and the pooled one
     * @throws IllegalArgumentException when the anchor bot appears in no record
     */
    public static Standings compute(List<MatchRecord> records, RatingOptions options) {
        Builder builder = new Builder(options);
        records.forEach(builder::add);
        return builder.build();
    }

    /**
     * Computes the standings from records given one at a time, keeping what the fits need (the
     * pair cells per game and overall) instead of the records: the end of a million-match
     * tournament adds its results as it reads them. Adding records in the order of a list gives
     * what {@link #compute} gives for that list.
     */
    public static final class Builder {
        private final RatingOptions options;
        private final PairwiseData.Builder overall;
        private final Map<String, PairwiseData.Builder> perGame = new TreeMap<>();
        private final Set<String> gamesOfTheAnchor = new HashSet<>();

        /** @param options the fit options, as for {@link #compute} */
        public Builder(RatingOptions options) {
            this.options = Objects.requireNonNull(options, "options");
            this.overall = new PairwiseData.Builder(options.firstSeatAdvantage());
        }

        /** Adds one match's result. */
        public void add(MatchRecord record) {
            overall.add(record);
            perGame.computeIfAbsent(record.game(), g -> new PairwiseData.Builder(options.firstSeatAdvantage()))
                    .add(record);
            if (options.anchorBot() != null
                    && record.seats().stream().anyMatch(s -> s.bot().equals(options.anchorBot()))) {
                gamesOfTheAnchor.add(record.game());
            }
        }

        /**
         * The standings of the records added so far.
         *
         * @throws IllegalArgumentException when the anchor bot appears in no record
         */
        public Standings build() {
            RatingTable overallTable = RatingTable.compute(OVERALL, new PairwiseData(overall), options);
            if (perGame.size() == 1) {
                // One game: its table is the overall one (the same records, and the same options,
                // since an anchor bot that played no game has already failed the overall fit), so it
                // is fitted and bootstrapped once.
                String game = perGame.keySet().iterator().next();
                return new Standings(overallTable, Map.of(game, overallTable.relabelled(game)));
            }
            Map<String, RatingTable> byGame = new TreeMap<>();
            perGame.forEach((game, builder) -> {
                PairwiseData data = new PairwiseData(builder);
                boolean anchorPlays = options.anchorBot() == null || gamesOfTheAnchor.contains(game);
                RatingOptions gameOptions = anchorPlays ? options : options.withAnchor(null, options.anchorElo());
                try {
                    byGame.put(game, RatingTable.compute(game, data, gameOptions));
                } catch (IllegalArgumentException anchorOnlyPlayedItself) {
                    byGame.put(game, RatingTable.compute(game, data, options.withAnchor(null, options.anchorElo())));
                }
            });
            return new Standings(overallTable, byGame);
        }
    }

    /** The overall table followed by the per-game ones. */
    public List<RatingTable> tables() {
        List<RatingTable> tables = new ArrayList<>();
        tables.add(overall);
        tables.addAll(byGame.values());
        return tables;
    }
}
