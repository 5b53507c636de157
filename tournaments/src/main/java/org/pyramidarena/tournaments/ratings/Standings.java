package org.pyramidarena.tournaments.ratings;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
        Map<String, List<MatchRecord>> perGame = new TreeMap<>();
        for (MatchRecord record : records) {
            perGame.computeIfAbsent(record.game(), g -> new ArrayList<>()).add(record);
        }
        RatingTable overall = RatingTable.compute(OVERALL, records, options);
        Map<String, RatingTable> byGame = new TreeMap<>();
        perGame.forEach((game, gameRecords) -> {
            boolean anchorPlays = options.anchorBot() == null || gameRecords.stream()
                    .anyMatch(r -> r.seats().stream().anyMatch(s -> s.bot().equals(options.anchorBot())));
            RatingOptions gameOptions = anchorPlays ? options : options.withAnchor(null, options.anchorElo());
            try {
                byGame.put(game, RatingTable.compute(game, gameRecords, gameOptions));
            } catch (IllegalArgumentException anchorOnlyPlayedItself) {
                byGame.put(game, RatingTable.compute(game, gameRecords, options.withAnchor(null, options.anchorElo())));
            }
        });
        return new Standings(overall, byGame);
    }

    /** The overall table followed by the per-game ones. */
    public List<RatingTable> tables() {
        List<RatingTable> tables = new ArrayList<>();
        tables.add(overall);
        tables.addAll(byGame.values());
        return tables;
    }
}
