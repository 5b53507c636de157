package org.pyramidarena.arena.tournament;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --games} (issue 24: a bare id's player counts were undocumented, and a repeated choice vanished). */
class GameChoicesTest {

    private static List<String> labels(String... choices) {
        return GameChoices.resolve(List.of(choices)).stream().map(GameChoices::label).toList();
    }

    @Test
    void aBareGameIdTakesThePlayerCountsAllGivesIt() {
        assertEquals(List.of("euronimoes:3", "euronimoes:4"), labels("euronimoes"));
        assertEquals(List.of("pylon"), labels("pylon"));
        assertEquals(List.of("euronimoes:2", "pyrametto:5"), labels("euronimoes:2", "pyrametto:5"));
    }

    @Test
    void aGameChosenTwiceIsRefusedWithWhatTheBareIdMeans() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> labels("euronimoes", "euronimoes:4"));
        assertEquals("games 'euronimoes' and 'euronimoes:4' both choose euronimoes:4/standard; 'euronimoes' means "
                + "euronimoes:3 and euronimoes:4, as in 'all'; name each player count once, e.g. "
                + "euronimoes:2,euronimoes:4", error.getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> labels("pylon", "pylon")).getMessage()
                .startsWith("games 'pylon' and 'pylon' both choose pylon:2/standard; name each"));
    }

    @Test
    void variantsOfOneGameAreDifferentChoices() {
        assertEquals(List.of("pyraos", "pyraos/pylos"), labels("pyraos", "pyraos/pylos"));
    }
}
