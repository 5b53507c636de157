package org.pyramidarena.tournaments.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** Games needed to see an advantage, from the draw rate. */
class PowerTest {

    @Test
    void twoPointsAtNinetyFivePercentWithEightyPercentPowerNeedAboutFiveThousandGamesWithoutDraws() {
        // (1.959964 + 0.841621)^2 * 0.25 / 0.02^2 = 4905.6
        assertEquals(4906, Power.gamesToDetect(Power.varianceFromDraws(0), 0.02, 0.95, 0.8));
        // Draws carry no information about who is better: half the games drawn, half as many needed.
        assertEquals(2453, Power.gamesToDetect(Power.varianceFromDraws(0.5), 0.02, 0.95, 0.8));
        // A four times larger effect needs a sixteenth.
        assertEquals(307, Power.gamesToDetect(Power.varianceFromDraws(0), 0.08, 0.95, 0.8));
    }

    @Test
    void badInputIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Power.varianceFromDraws(1.5));
        assertThrows(IllegalArgumentException.class, () -> Power.gamesToDetect(0.25, 0, 0.95, 0.8));
        assertThrows(IllegalArgumentException.class, () -> Power.gamesToDetect(0.25, 0.02, 1, 0.8));
    }
}
