package org.pyramidarena.bots;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.bots.search.Evaluator;
import org.pyramidarena.games.euronimoes.EuronimoesState;
import org.pyramidarena.games.pylon.PylonState;
import org.pyramidarena.games.pyraos.PyraosState;
import org.pyramidarena.games.pyrinoes.PyrinoesState;
import org.pyramidarena.games.pyrinoes.PyrinoesView;
import org.pyramidarena.games.pyrametto.PyramettoState;

/** The game-specific evaluations the greedy, alpha-beta and search bots judge positions by. */
final class Evaluators {

    private static final Map<String, Evaluator> BY_GAME = Map.of(
            "pylon", Evaluators::pylon,
            "pyraos", Evaluators::pyraos,
            "pyrinoes", Evaluators::pyrinoes,
            "euronimoes", new Evaluator() {
                @Override
                public double evaluate(State state, int seat) {
                    return euronimoes(state, seat);
                }

                @Override
                public void evaluateAll(State state, double[] values) {
                    EuronimoesState s = (EuronimoesState) state;
                    for (int seat = 0; seat < s.players(); seat++) {
                        values[seat] = s.score(seat);
                    }
                    // Lower scores win: the best other score minus mine.
                    againstBestOther(values, s.players(), -1);
                }
            },
            "pyrametto", new Evaluator() {
                @Override
                public double evaluate(State state, int seat) {
                    return pyrametto(state, seat);
                }

                @Override
                public void evaluateAll(State state, double[] values) {
                    // Scoring a vault is a search: each seat's once, not once for every seat.
                    PyramettoState s = (PyramettoState) state;
                    for (int seat = 0; seat < s.players(); seat++) {
                        values[seat] = s.score(seat);
                    }
                    againstBestOther(values, s.players(), 1);
                }
            });

    /**
     * Turns each seat's score into its lead over the best of the others, in place: {@code sign} 1
     * when higher scores are better (mine minus the highest other), -1 when lower are (the lowest
     * other minus mine).
     */
    private static void againstBestOther(double[] values, int players, int sign) {
        double first = Double.NEGATIVE_INFINITY;
        double second = Double.NEGATIVE_INFINITY;
        int firstSeat = -1;
        for (int seat = 0; seat < players; seat++) {
            double v = sign * values[seat];
            if (v > first) {
                second = first;
                first = v;
                firstSeat = seat;
            } else if (v > second) {
                second = v;
            }
        }
        for (int seat = 0; seat < players; seat++) {
            double bestOther = seat == firstSeat ? second : first;
            values[seat] = sign * values[seat] - bestOther;
        }
    }

    private Evaluators() {
    }

    /** The evaluation for a game, if the sample bots have one. */
    static Optional<Evaluator> forGame(String gameId) {
        return Optional.ofNullable(BY_GAME.get(gameId));
    }

    /**
     * Pylon: pyramids under my tops minus the opponent's, a stack counting in full only when safe.
     * A stack can only be captured by a neighbouring stack whose bottom is no larger than its top;
     * a stack with no such neighbour keeps its owner (moving it keeps its top), while an exposed
     * one counts at {@link #PYLON_EXPOSED} of its height.
     */
    private static double pylon(State state, int seat) {
        PylonState s = (PylonState) state;
        // The board from the state's masks: the squares a stack stands on, and for each top size the
        // stacks that could land on such a top (bottom no larger). A stack is exposed when a
        // neighbour is among those that can land on its top; it counts its height, half when
        // exposed, for its top's owner and against the other. The sums are of small whole numbers and
        // the weight is a half, so summing by masks gives exactly the square-by-square sum.
        int occupied = s.occupiedMask();
        int canLandOnSmall = occupied & ~s.bottomAtLeastMask(2);
        int canLandOnMedium = occupied & ~s.bottomAtLeastMask(3);
        int topMedium = s.topAtLeastMask(2);
        int topLarge = s.topAtLeastMask(3);
        int exposed = topLarge & pylonNeighbours(occupied)
                | topMedium & ~topLarge & pylonNeighbours(canLandOnMedium)
                | occupied & ~topMedium & pylonNeighbours(canLandOnSmall);
        int mine = s.toppedByMask(seat);
        int theirs = occupied & ~mine;
        return (pylonHeights(s, mine & ~exposed) - pylonHeights(s, theirs & ~exposed))
                + PYLON_EXPOSED * (pylonHeights(s, mine & exposed) - pylonHeights(s, theirs & exposed));
    }

    /** The squares with a neighbour among {@code squares}. */
    private static int pylonNeighbours(int squares) {
        return ((squares << 1 & ~PYLON_FIRST_COLUMN) | (squares >>> 1 & ~PYLON_LAST_COLUMN)
                | squares << PYLON_COLUMNS | squares >>> PYLON_COLUMNS) & PYLON_BOARD;
    }

    /** The sum of the heights of the squares of a mask, from the height's bit planes. */
    private static int pylonHeights(PylonState s, int squares) {
        int sum = 0;
        for (int bit = 0; bit < 5; bit++) {
            sum += Integer.bitCount(squares & s.heightBitMask(bit)) << bit;
        }
        return sum;
    }

    private static final int PYLON_COLUMNS = 6;
    private static final int PYLON_BOARD = (1 << 30) - 1;
    /** The squares of the first column (a) and of the last (f), as masks. */
    private static final int PYLON_FIRST_COLUMN = 0b000001_000001_000001_000001_000001;
    private static final int PYLON_LAST_COLUMN = PYLON_FIRST_COLUMN << (PYLON_COLUMNS - 1);
    private static final double PYLON_EXPOSED = 0.5;

    /**
     * Pyrinoes: the match score, plus what the round would score if it ended now. A round scores
     * the difference of the hand totals (dominoes' weights, pyramids held in supply and in built
     * pyrinoes) and each seat's green pips played; the opponent's dominoes are hidden, so they count
     * at the set's average weight of 6.
     */
    private static double pyrinoes(State state, int seat) {
        PyrinoesState s = (PyrinoesState) state;
        double value = s.score(seat) - s.score(1 - seat);
        if (s.phase() != PyrinoesState.Phase.PLAY) {
            return value;
        }
        PyrinoesView view = (PyrinoesView) PyrinoesRulesHolder.RULES.view(s, seat);
        int mine = heldPips(view, seat);
        for (String domino : view.hand()) {
            mine += Character.digit(domino.charAt(0), 10) + Character.digit(domino.charAt(2), 10);
        }
        double theirs = heldPips(view, 1 - seat) + 6.0 * s.handSize(1 - seat);
        return value + (theirs - mine) + view.greensPlayed().get(seat) - view.greensPlayed().get(1 - seat);
    }

    /** The pips of the pyramids a seat holds: its own two colours in supply and its built pyrinoes. */
    private static int heldPips(PyrinoesView view, int seat) {
        List<Integer> supply = view.supply();
        int pips = 0;
        int firstColour = seat == 0 ? 0 : 3;
        for (int colour = firstColour; colour < firstColour + 2; colour++) {
            for (int size = 1; size <= 3; size++) {
                pips += supply.get(colour * 3 + size - 1) * size;
            }
        }
        for (String pyrino : view.pyrinoes().get(seat)) {
            for (int i = 0; i < pyrino.length(); i++) {
                char c = pyrino.charAt(i);
                pips += c == 'S' ? 1 : c == 'M' ? 2 : c == 'L' ? 3 : 0;
            }
        }
        return pips;
    }

    /** Pyrametto: my vault's best score against the best of the others'. */
    private static double pyrametto(State state, int seat) {
        PyramettoState s = (PyramettoState) state;
        int best = Integer.MIN_VALUE;
        for (int other = 0; other < s.players(); other++) {
            if (other != seat) {
                best = Math.max(best, s.score(other));
            }
        }
        return s.score(seat) - best;
    }

    /**
     * Pyraos: spheres kept in reserve are the whole game (the apex goes to whoever has more), and
     * a square one sphere short, its last position open to a placement, promises spheres back.
     */
    private static double pyraos(State state, int seat) {
        PyraosState s = (PyraosState) state;
        double value = s.reserve(seat) - s.reserve(1 - seat);
        int mine = s.spheres(seat);
        int theirs = s.spheres(1 - seat);
        int occupied = mine | theirs;
        for (int square = 0; square < PYRAOS_SQUARE_MASKS.length; square++) {
            int mask = PYRAOS_SQUARE_MASKS[square];
            int open = mask & ~occupied;
            // A threat: exactly one position open, the other three one seat's, the open one supported.
            if (Integer.bitCount(open) != 1) {
                continue;
            }
            int support = PYRAOS_SUPPORT[Integer.numberOfTrailingZeros(open)];
            if ((occupied & support) != support) {
                continue;
            }
            value += (mine & mask) == (mask & ~open) ? PYRAOS_THREAT
                    : (theirs & mask) == (mask & ~open) ? -PYRAOS_THREAT : 0;
        }
        return value;
    }

    private static final double PYRAOS_THREAT = 0.4;
    /** Each level's first index and width: 4x4, 3x3, 2x2 and the apex. */
    private static final int[] PYRAOS_LEVEL_START = {0, 16, 25, 29};
    private static final int[] PYRAOS_LEVEL_WIDTH = {4, 3, 2, 1};
    /** The four positions of each 2x2 square, level by level. */
    private static final int[][] PYRAOS_SQUARES = pyraosSquares();

    /** The four positions of each 2x2 square as a mask, in the order of {@link #PYRAOS_SQUARES}. */
    private static final int[] PYRAOS_SQUARE_MASKS = pyraosSquareMasks();
    /** The positions each position rests on as a mask: 0 on level 1. */
    private static final int[] PYRAOS_SUPPORT = pyraosSupport();

    private static int[] pyraosSquareMasks() {
        int[] masks = new int[PYRAOS_SQUARES.length];
        for (int i = 0; i < masks.length; i++) {
            for (int position : PYRAOS_SQUARES[i]) {
                masks[i] |= 1 << position;
            }
        }
        return masks;
    }

    private static int[] pyraosSupport() {
        int[] support = new int[30];
        for (int position = 16; position < support.length; position++) {
            int level = position < 25 ? 1 : position < 29 ? 2 : 3;
            int width = PYRAOS_LEVEL_WIDTH[level];
            int offset = position - PYRAOS_LEVEL_START[level];
            int below = PYRAOS_LEVEL_WIDTH[level - 1];
            int corner = PYRAOS_LEVEL_START[level - 1] + offset / width * below + offset % width;
            support[position] = 1 << corner | 1 << corner + 1 | 1 << corner + below | 1 << corner + below + 1;
        }
        return support;
    }

    private static int[][] pyraosSquares() {
        int[][] squares = new int[14][];
        int n = 0;
        for (int level = 0; level < 3; level++) {
            int width = PYRAOS_LEVEL_WIDTH[level];
            for (int row = 0; row + 1 < width; row++) {
                for (int column = 0; column + 1 < width; column++) {
                    int corner = PYRAOS_LEVEL_START[level] + row * width + column;
                    squares[n++] = new int[] {corner, corner + 1, corner + width, corner + width + 1};
                }
            }
        }
        return squares;
    }

    /** Euronimoes: lower scores win, so the best other score minus mine. */
    private static double euronimoes(State state, int seat) {
        EuronimoesState s = (EuronimoesState) state;
        int best = Integer.MAX_VALUE;
        for (int other = 0; other < s.players(); other++) {
            if (other != seat) {
                best = Math.min(best, s.score(other));
            }
        }
        return best - s.score(seat);
    }

    /** The Pyrinoes rules, only to build a seat's view of a state (the variant does not matter). */
    private static final class PyrinoesRulesHolder {
        @SuppressWarnings("unchecked")
        static final Rules<State, ?> RULES = (Rules<State, ?>) Games.byId("pyrinoes").rules(new GameSetup(2, "standard"));
    }
}
