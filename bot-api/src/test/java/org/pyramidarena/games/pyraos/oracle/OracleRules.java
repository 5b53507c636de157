package org.pyramidarena.games.pyraos.oracle;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.View;

/**
 * The rules of Pyraos, as pyraos.txt with DECISIONS.md, in one of four variants; see {@code
 * docs/rules/pyraos.md}.
 *
 * <p>Everything works on two 30-bit masks (each seat's spheres); generating moves allocates only the
 * move list and, after a square, the moves carrying removals.
 */
public final class OracleRules implements Rules<OracleState, OracleMove> {

    /** A game reaching this many moves is a draw. */
    public static final int MOVE_LIMIT = 300;

    /** The third occurrence of a position is a draw. */
    public static final int REPETITIONS = 3;

    private static final int N = OracleBoard.POSITIONS;
    private static final int APEX = OracleBoard.APEX;
    private static final int PER_PLAYER = OracleBoard.SPHERES_PER_PLAYER;

    private final Game game;
    private final GameSetup setup;
    private final boolean removals;
    private final boolean removalCompulsory;
    private final boolean passing;
    private final OracleState initial = OracleState.initial();

    OracleRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.removals = !setup.variant().equals("children");
        this.removalCompulsory = setup.variant().equals("pylos");
        this.passing = setup.variant().equals("pass");
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public GameSetup setup() {
        return setup;
    }

    @Override
    public int starter(OracleState state) {
        return 0;
    }

    @Override
    public OracleState initialState() {
        return initial;
    }

    /**
     * Placements by destination index ({@code 1a1, 1b1, .. 4a1}), then lifts by origin and then
     * destination index. After a move that completes a square, the move without removals (unless
     * removals are compulsory) is followed, for each first removal by descending index, by that
     * single removal and then the pairs it starts, second removal by descending index. The pass,
     * when it is the only move, stands alone.
     */
    @Override
    public List<OracleMove> legalMoves(OracleState state) {
        if (state.isTerminal()) {
            return List.of();
        }
        int seat = state.actor();
        int own = state.spheres(seat);
        int occupied = state.occupied();
        List<OracleMove> moves = new ArrayList<>(32);
        if (Integer.bitCount(own) < PER_PLAYER) {
            for (int to = 0; to < N; to++) {
                if (OracleBoard.placeable(occupied, to)) {
                    add(moves, OracleMove.place(to), own | 1 << to, occupied | 1 << to);
                }
            }
        }
        for (int from = 0; from < APEX; from++) {
            if ((own >> from & 1) == 0 || !OracleBoard.free(occupied, from)) {
                continue;
            }
            int vacated = occupied & ~(1 << from);
            int ownVacated = own & ~(1 << from);
            for (int to = OracleBoard.offset(OracleBoard.level(from) + 1); to < N; to++) {
                if (OracleBoard.placeable(vacated, to)) {
                    add(moves, OracleMove.lift(from, to), ownVacated | 1 << to, vacated | 1 << to);
                }
            }
        }
        if (moves.isEmpty()) {
            // Only the pass variant reaches a turn without a placement or a lift: otherwise the
            // state after the previous move is already over.
            moves.add(OracleMove.PASS);
        }
        return Collections.unmodifiableList(moves);
    }

    /** Adds a placement or lift and its removal sets, given the mover's spheres and all spheres after it. */
    private void add(List<OracleMove> moves, OracleMove base, int own, int occupied) {
        boolean square = removals && OracleBoard.completesSquare(own, base.to());
        if (!square || !removalCompulsory) {
            moves.add(base);
        }
        if (!square) {
            return;
        }
        for (int first = N - 1; first >= 0; first--) {
            if ((own >> first & 1) == 0 || !OracleBoard.free(occupied, first)) {
                continue;
            }
            moves.add(base.withRemovals(first, -1));
            int remaining = occupied & ~(1 << first);
            // The second removal has a lower index: a pair of spheres free at once is listed once,
            // and a sphere freed by the first removal lay below it, so it has a lower index anyway.
            for (int second = first - 1; second >= 0; second--) {
                if ((own >> second & 1) != 0 && OracleBoard.free(remaining, second)) {
                    moves.add(base.withRemovals(first, second));
                }
            }
        }
    }

    @Override
    public List<ChanceOutcome<OracleMove>> chanceOutcomes(OracleState state) {
        return List.of();
    }

    @Override
    public Legality check(OracleState state, OracleMove move) {
        if (state.isTerminal()) {
            return new Legality(Legality.Reason.GAME_OVER, "the game is over");
        }
        int seat = state.actor();
        int own = state.spheres(seat);
        int occupied = state.occupied();
        if (move.isPass()) {
            if (!passing) {
                return Legality.violation("passing is allowed only in the pass variant");
            }
            if (canPlaceOrLift(own, occupied)) {
                return Legality.violation("a player may pass only when no sphere can be placed or lifted");
            }
            return Legality.LEGAL;
        }
        int to = move.to();
        if (move.isPlacement()) {
            if (Integer.bitCount(own) >= PER_PLAYER) {
                return Legality.violation("no sphere is left in reserve to place");
            }
        } else {
            int from = move.from();
            if ((own >> from & 1) == 0) {
                return Legality.violation("only a sphere of your own colour may be lifted, and "
                        + OracleBoard.name(from) + " holds none");
            }
            if (!OracleBoard.free(occupied, from)) {
                return Legality.violation("the sphere on " + OracleBoard.name(from)
                        + " supports another sphere and cannot be lifted");
            }
            if (OracleBoard.level(to) <= OracleBoard.level(from)) {
                return Legality.violation("a sphere is lifted only to a strictly higher level");
            }
            if ((OracleBoard.below(to) >> from & 1) != 0) {
                return Legality.violation("a sphere cannot be lifted onto a position it supports");
            }
            occupied &= ~(1 << from);
            own &= ~(1 << from);
        }
        if ((occupied >> to & 1) != 0) {
            return Legality.violation(OracleBoard.name(to) + " is occupied");
        }
        if (!OracleBoard.placeable(occupied, to)) {
            return Legality.violation(OracleBoard.name(to) + " does not rest on four spheres");
        }
        own |= 1 << to;
        occupied |= 1 << to;
        boolean square = OracleBoard.completesSquare(own, to);
        if (move.removals() == 0) {
            if (square && removals && removalCompulsory) {
                return Legality.violation("after completing a square one or two spheres must be removed");
            }
            return Legality.LEGAL;
        }
        if (!removals) {
            return Legality.violation("spheres are never removed in the children variant");
        }
        if (!square) {
            return Legality.violation("spheres are removed only after completing a square of your colour"
                    + " with the moved sphere");
        }
        int first = move.first();
        if ((own >> first & 1) == 0 || !OracleBoard.free(occupied, first)) {
            return Legality.violation("only your own spheres with nothing resting on them may be removed, not "
                    + OracleBoard.name(first));
        }
        occupied &= ~(1 << first);
        own &= ~(1 << first);
        int second = move.second();
        if (second >= 0 && ((own >> second & 1) == 0 || !OracleBoard.free(occupied, second))) {
            return Legality.violation("only your own spheres with nothing resting on them may be removed, not "
                    + OracleBoard.name(second));
        }
        return Legality.LEGAL;
    }

    /** True when a seat with these spheres can place a sphere or lift one. */
    private static boolean canPlaceOrLift(int own, int occupied) {
        // With a sphere in reserve there is always a place: the lowest empty position rests on
        // full levels (the apex is empty while the game goes on).
        if (Integer.bitCount(own) < PER_PLAYER && (occupied >> APEX & 1) == 0) {
            return true;
        }
        for (int from = 0; from < APEX; from++) {
            if ((own >> from & 1) == 0 || !OracleBoard.free(occupied, from)) {
                continue;
            }
            int vacated = occupied & ~(1 << from);
            for (int to = OracleBoard.offset(OracleBoard.level(from) + 1); to < N; to++) {
                if (OracleBoard.placeable(vacated, to)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public OracleState apply(OracleState state, OracleMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        int seat = state.actor();
        int other = 1 - seat;
        int own = state.spheres(seat);
        if (!move.isPass()) {
            if (move.isLift()) {
                own &= ~(1 << move.from());
            }
            own |= 1 << move.to();
            if (move.first() >= 0) {
                own &= ~(1 << move.first());
            }
            if (move.second() >= 0) {
                own &= ~(1 << move.second());
            }
        }
        int spheres0 = seat == 0 ? own : state.spheres(0);
        int spheres1 = seat == 1 ? own : state.spheres(1);
        OracleState.Ending ending = OracleState.Ending.NONE;
        int winner = -1;
        if (move.to() == APEX) {
            ending = OracleState.Ending.APEX;
            winner = seat;
        } else if (state.occurrences(OracleState.key(spheres0, spheres1, other)) + 1 >= REPETITIONS) {
            ending = OracleState.Ending.REPETITION;
        } else if (state.moveCount() + 1 >= MOVE_LIMIT) {
            ending = OracleState.Ending.MOVE_LIMIT;
        } else if (!passing && !canPlaceOrLift(seat == 0 ? spheres1 : spheres0, spheres0 | spheres1)) {
            ending = OracleState.Ending.NO_MOVE;
            winner = seat;
        }
        return state.next(spheres0, spheres1, other, ending, winner);
    }

    /** A win scores 1 and a loss 0; a draw scores 0.5 each. */
    @Override
    public Outcome outcome(OracleState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        if (state.winner() < 0) {
            return Outcome.byHigherScore(0.5, 0.5);
        }
        return state.winner() == 0 ? Outcome.byHigherScore(1, 0) : Outcome.byHigherScore(0, 1);
    }

    @Override
    public OracleView view(OracleState state, int seat) {
        return OracleView.of(state, seat);
    }

    @Override
    public OracleState determinize(View view, RandomGenerator rng) {
        return ((OracleView) view).toState();
    }

    @Override
    public OracleMove parseMove(String notation) {
        return OracleMove.parse(notation);
    }

    @Override
    public String render(OracleState state) {
        return render(view(state, View.OBSERVER));
    }

    /**
     * The four levels side by side, highest row on top, {@code W} for seat 0's (white) spheres,
     * {@code B} for seat 1's (black), {@code .} for an empty position; then reserves and who moves.
     */
    @Override
    public String render(View view) {
        OracleView v = (OracleView) view;
        StringBuilder out = new StringBuilder();
        StringBuilder names = new StringBuilder();
        StringBuilder columns = new StringBuilder();
        for (int level = 0; level < OracleBoard.LEVELS; level++) {
            int width = names.length() + 2 * OracleBoard.size(level) + 4;
            names.append("level ").append(level + 1);
            columns.append(' ');
            for (int column = 0; column < OracleBoard.size(level); column++) {
                columns.append(' ').append((char) ('a' + column));
            }
            if (level < OracleBoard.LEVELS - 1) {
                while (names.length() < width) {
                    names.append(' ');
                }
                while (columns.length() < width) {
                    columns.append(' ');
                }
            }
        }
        out.append(names).append('\n').append(columns).append('\n');
        for (int line = 0; line < OracleBoard.size(0); line++) {
            for (int level = 0; level < OracleBoard.LEVELS; level++) {
                int size = OracleBoard.size(level);
                int row = OracleBoard.size(0) - 1 - line;
                StringBuilder block = new StringBuilder();
                if (row < size) {
                    block.append(row + 1);
                    for (int column = 0; column < size; column++) {
                        int owner = v.board().get(OracleBoard.offset(level) + row * size + column);
                        block.append(' ').append(owner == 0 ? 'W' : owner == 1 ? 'B' : '.');
                    }
                }
                if (level < OracleBoard.LEVELS - 1) {
                    while (block.length() < 2 * size + 4) {
                        block.append(' ');
                    }
                }
                out.append(block);
            }
            while (out.charAt(out.length() - 1) == ' ') {
                out.setLength(out.length() - 1);
            }
            out.append('\n');
        }
        out.append("reserve: W (seat 0) ").append(v.reserves().get(0)).append(", B (seat 1) ").append(v.reserves().get(1))
                .append("; ").append(v.moveCount()).append(v.moveCount() == 1 ? " move" : " moves").append('\n');
        if (v.actor() >= 0) {
            out.append("seat ").append(v.actor()).append(v.actor() == 0 ? " (W)" : " (B)").append(" to move\n");
        } else {
            out.append("game over: ").append(switch (v.ending()) {
                case APEX -> "seat " + v.winner() + " placed the apex and wins";
                case NO_MOVE -> "seat " + (1 - v.winner()) + " cannot move; seat " + v.winner() + " wins";
                case REPETITION -> "third repetition, a draw";
                case MOVE_LIMIT -> MOVE_LIMIT + " moves, a draw";
                case NONE -> "";
            }).append('\n');
        }
        return out.toString();
    }
}
