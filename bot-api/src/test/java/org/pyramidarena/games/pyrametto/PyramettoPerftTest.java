package org.pyramidarena.games.pyrametto;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Perft;

/**
 * Move counts from named positions pin Pyrametto's move generator (chess-engine perft). Every
 * position is at a seat's decision, so no count below depends on a sampled roll.
 *
 * <p>Counts worked out by hand:
 * <ul>
 *   <li>start: the stacks are empty, so seat 0 can only roll: 1.</li>
 *   <li>3 players, SM/w rolled at the start: 2 sizes x 5 colours x 3 stacks = 30; then seat 1 may
 *       take the one stack holding a pyramid or roll: 30 x 2 = 60.</li>
 *   <li>5 players, ML/r rolled, no large red in the inventory (seat 1's vault holds two, seat 3's
 *       one), stack a full and stack b taken: the medium red from the inventory on c, d or e (3),
 *       the large red from seat 1's or seat 3's vault on c, d or e (6): 9.</li>
 *   <li>4 players after the end was signalled, no free turn left, seat 3 out, stacks a [Sr],
 *       b empty, c full: seats 0, 1, 2 must take, empty b included: 3, then 3 x 2 = 6, then 6 x 1
 *       = 6, and the game is over (a finished game counts as one leaf): 6.</li>
 * </ul>
 */
class PyramettoPerftTest {

    private static final Map<String, Supplier<PyramettoState>> POSITIONS = Map.of(
            "start", () -> Positions.start(3).build(),
            "SM/w rolled", () -> Positions.start(3).rolled("SM/w").build(),
            "large red stolen", () -> Positions.start(5).inventory("Lr", 0).vault(1, "Lr", 2).vault(3, "Lr", 1)
                    .stack(0, "Sy My Ly").taken(1, 4).rolled("ML/r").build(),
            "forced takes", () -> Positions.start(4).stack(0, "Sr").stack(2, "Sy Sy Sy").taken(3, 3).triggered()
                    .build());

    @ParameterizedTest(name = "{0}: depth {1} = {2}")
    @CsvSource(delimiter = '|', textBlock = """
            start            | 1 | 1
            SM/w rolled      | 1 | 30
            SM/w rolled      | 2 | 60
            large red stolen | 1 | 9
            forced takes     | 1 | 3
            forced takes     | 2 | 6
            forced takes     | 3 | 6
            forced takes     | 4 | 6
            """)
    void perft(String position, int depth, long expected) {
        PyramettoState state = POSITIONS.get(position).get();
        PyramettoRules rules = Positions.rules(state.players());
        assertEquals(expected, Perft.count(rules, state, depth, 0));
    }
}
