package org.pyramidarena.tournaments.ratings;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.RandomRecords;

/** The standings per game and overall against each game's table fitted on its own. */
class StandingsTest {

    @ParameterizedTest
    @CsvSource(nullValues = "none", value = {"1, false, none", "2, true, none", "3, false, alpha", "4, true, beta"})
    void aSingleGamesTableIsItsOwnFitUnderItsName(long seed, boolean seatAdvantage, String anchor) {
        List<MatchRecord> pylon = RandomRecords.of(seed, 600).stream().filter(r -> r.game().equals("pylon")).toList();
        RatingOptions options = options(seed, seatAdvantage, anchor);

        Standings standings = Standings.compute(pylon, options);

        assertEquals(Set.of("pylon"), standings.byGame().keySet());
        assertEquals(Standings.OVERALL, standings.overall().label());
        assertSameTable(RatingTable.compute("pylon", pylon, options), standings.byGame().get("pylon"));
        assertSameTable(RatingTable.compute(Standings.OVERALL, pylon, options), standings.overall());
    }

    @ParameterizedTest
    @CsvSource({"5, false", "6, true"})
    void eachOfSeveralGamesIsFittedOnItsOwnResults(long seed, boolean seatAdvantage) {
        List<MatchRecord> records = RandomRecords.of(seed, 900);
        RatingOptions options = options(seed, seatAdvantage, null);

        Standings standings = Standings.compute(records, options);

        assertEquals(Set.of("euronimoes", "pylon", "pyraos", "pyrametto"), standings.byGame().keySet());
        standings.byGame().forEach((game, table) -> assertSameTable(
                RatingTable.compute(game, records.stream().filter(r -> r.game().equals(game)).toList(), options), table));
        assertSameTable(RatingTable.compute(Standings.OVERALL, records, options), standings.overall());
    }

    @ParameterizedTest
    @CsvSource({"7, 1", "8, 2"})
    void anAnchorWithoutGamesFailsWhetherThereIsOneGameOrMore(long seed, int games) {
        List<MatchRecord> records = RandomRecords.of(seed, 300).stream()
                .filter(r -> r.game().equals("pylon") || games > 1 && r.game().equals("pyraos")).toList();

        assertThrows(IllegalArgumentException.class,
                () -> Standings.compute(records, options(seed, false, "nobody")));
    }

    private static RatingOptions options(long seed, boolean seatAdvantage, String anchor) {
        RatingOptions options = RatingOptions.defaults().withBootstrap(60, seed).withFirstSeatAdvantage(seatAdvantage);
        return anchor == null ? options : options.withAnchor(anchor, 1500);
    }

    private static void assertSameTable(RatingTable expected, RatingTable actual) {
        assertEquals(expected.label(), actual.label());
        assertEquals(expected.ratings(), actual.ratings());
        assertEquals(expected.firstSeatAdvantage(), actual.firstSeatAdvantage());
        assertEquals(expected.firstSeatAdvantageError(), actual.firstSeatAdvantageError());
        assertEquals(expected.virtualDrawsAdded(), actual.virtualDrawsAdded());
        assertEquals(expected.bootstrapSamples(), actual.bootstrapSamples());
        assertArrayEquals(expected.losMatrix(), actual.losMatrix());
    }
}
