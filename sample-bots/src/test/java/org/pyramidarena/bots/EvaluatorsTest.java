package org.pyramidarena.bots;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.games.pylon.PylonState;
import org.pyramidarena.games.pyraos.PyraosState;

/**
 * The evaluations read the positions through masks now; these tests hold them to the formulas they
 * replaced (kept below as the oracle), value for value, over every position of many seeded random
 * games, and hold every game's all-seats evaluation to its seat-by-seat one.
 */
class EvaluatorsTest {

    @Test
    void pylonIsTheEvaluationItReplaced() {
        Evaluator evaluator = Evaluators.forGame("pylon").orElseThrow();
        for (State state : positions("pylon", 2, 200)) {
            for (int seat = 0; seat < 2; seat++) {
                assertEquals(oraclePylon((PylonState) state, seat), evaluator.evaluate(state, seat), state.toString());
            }
        }
    }

    @Test
    void pyraosIsTheEvaluationItReplaced() {
        Evaluator evaluator = Evaluators.forGame("pyraos").orElseThrow();
        for (State state : positions("pyraos", 2, 200)) {
            for (int seat = 0; seat < 2; seat++) {
                assertEquals(oraclePyraos((PyraosState) state, seat), evaluator.evaluate(state, seat), state.toString());
            }
        }
    }

    @Test
    void everySeatAtOnceIsEachSeatInTurn() {
        for (Game game : Games.all()) {
            Evaluator evaluator = Evaluators.forGame(game.id()).orElseThrow();
            for (int players = game.minPlayers(); players <= game.maxPlayers(); players++) {
                for (State state : positions(game.id(), players, 10)) {
                    double[] all = new double[players];
                    evaluator.evaluateAll(state, all);
                    for (int seat = 0; seat < players; seat++) {
                        assertEquals(evaluator.evaluate(state, seat), all[seat], game.id() + " seat " + seat);
                    }
                }
            }
        }
    }

    /** Every position of {@code games} seeded random games. */
    private static List<State> positions(String gameId, int players, int games) {
        Game game = Games.byId(gameId);
        @SuppressWarnings("unchecked")
        Rules<State, ?> rules = (Rules<State, ?>) game.rules(new GameSetup(players, game.defaultVariant()));
        return java.util.stream.LongStream.rangeClosed(1, games)
                .boxed().flatMap(seed -> RandomPlay.game(rules, seed).stream())
                .filter(state -> !state.isTerminal()).toList();
    }

    // The oracle: the evaluations as they were, square by square through the public accessors.

    private static double oraclePylon(PylonState s, int seat) {
        double value = 0;
        for (int square = 0; square < 30; square++) {
            int height = s.height(square);
            if (height == 0) {
                continue;
            }
            double weight = isExposed(s, square) ? 0.5 : 1;
            value += (s.topOwner(square) == seat ? weight : -weight) * height;
        }
        return value;
    }

    private static boolean isExposed(PylonState s, int square) {
        int top = s.topSize(square);
        int column = square % 6;
        return column > 0 && canLand(s, square - 1, top)
                || column < 5 && canLand(s, square + 1, top)
                || square >= 6 && canLand(s, square - 6, top)
                || square + 6 < 30 && canLand(s, square + 6, top);
    }

    private static boolean canLand(PylonState s, int from, int targetTop) {
        return s.height(from) > 0 && s.bottomSize(from) <= targetTop;
    }

    private static final int[] LEVEL_START = {0, 16, 25, 29};
    private static final int[] LEVEL_WIDTH = {4, 3, 2, 1};

    private static double oraclePyraos(PyraosState s, int seat) {
        double value = s.reserve(seat) - s.reserve(1 - seat);
        int mine = s.spheres(seat);
        int theirs = s.spheres(1 - seat);
        int occupied = mine | theirs;
        for (int level = 0; level < 3; level++) {
            int width = LEVEL_WIDTH[level];
            for (int row = 0; row + 1 < width; row++) {
                for (int column = 0; column + 1 < width; column++) {
                    int corner = LEVEL_START[level] + row * width + column;
                    int own = 0;
                    int other = 0;
                    int open = -1;
                    for (int position : new int[] {corner, corner + 1, corner + width, corner + width + 1}) {
                        if ((mine >> position & 1) != 0) {
                            own++;
                        } else if ((theirs >> position & 1) != 0) {
                            other++;
                        } else {
                            open = position;
                        }
                    }
                    if (open >= 0 && isSupported(open, occupied)) {
                        value += own == 3 ? 0.4 : other == 3 ? -0.4 : 0;
                    }
                }
            }
        }
        return value;
    }

    private static boolean isSupported(int position, int occupied) {
        int level = position < 16 ? 0 : position < 25 ? 1 : position < 29 ? 2 : 3;
        if (level == 0) {
            return true;
        }
        int width = LEVEL_WIDTH[level];
        int offset = position - LEVEL_START[level];
        int below = LEVEL_WIDTH[level - 1];
        int corner = LEVEL_START[level - 1] + offset / width * below + offset % width;
        int mask = 1 << corner | 1 << corner + 1 | 1 << corner + below | 1 << corner + below + 1;
        return (occupied & mask) == mask;
    }
}
