package org.pyramidarena.games.pylon.oracle;

/*
 * The oracle: a frozen copy of org.pyramidarena.games.pylon.PylonRules as it was before the engine was
 * rewritten for speed (issue 26), renamed into this test package. PylonOracleTest plays the
 * production rules against it move by move. Do not optimise or fix it: it is the reference.
 */

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
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/** The rules of Pylon, as pylon.txt with DECISIONS.md; see {@code docs/rules/pylon.md}. */
public final class OraclePylonRules implements Rules<OraclePylonState, OraclePylonMove> {

    private static final int SQUARES = OraclePylonMove.SQUARES;
    private static final int[][] NEIGHBOURS = new int[SQUARES][];

    static {
        for (int square = 0; square < SQUARES; square++) {
            NEIGHBOURS[square] = OraclePylonMove.neighbours(square);
        }
    }

    private final Game game;
    private final GameSetup setup;
    private final OraclePylonState initial = OraclePylonState.initial();

    OraclePylonRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
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
    public int starter(OraclePylonState state) {
        return 0;
    }

    @Override
    public OraclePylonState initialState() {
        return initial;
    }

    /**
     * Placements square by square ({@code a1, b1, .. f5}), small before medium before large; or
     * stacking moves by origin square, then by target square.
     */
    @Override
    public List<OraclePylonMove> legalMoves(OraclePylonState state) {
        if (state.isTerminal()) {
            return List.of();
        }
        List<OraclePylonMove> moves = new ArrayList<>(state.isPlacementPhase() ? 90 : 98);
        if (state.isPlacementPhase()) {
            int seat = state.actor();
            for (int square = 0; square < SQUARES; square++) {
                if (state.height(square) == 0) {
                    for (int size = 1; size <= 3; size++) {
                        if (state.inHand(seat, size) > 0) {
                            moves.add(OraclePylonMove.place(size, square));
                        }
                    }
                }
            }
        } else {
            for (int from = 0; from < SQUARES; from++) {
                if (state.height(from) == 0) {
                    continue;
                }
                int bottom = state.bottomSize(from);
                for (int to : NEIGHBOURS[from]) {
                    if (state.height(to) > 0 && bottom <= state.topSize(to)) {
                        moves.add(OraclePylonMove.stack(from, to));
                    }
                }
            }
        }
        return Collections.unmodifiableList(moves);
    }

    @Override
    public List<ChanceOutcome<OraclePylonMove>> chanceOutcomes(OraclePylonState state) {
        return List.of();
    }

    @Override
    public Legality check(OraclePylonState state, OraclePylonMove move) {
        if (state.isTerminal()) {
            return new Legality(Legality.Reason.GAME_OVER, "the game is over");
        }
        if (move.isPlacement()) {
            if (!state.isPlacementPhase()) {
                return Legality.violation("the placement phase is over: every pyramid is on the board");
            }
            if (state.height(move.to()) > 0) {
                return Legality.violation(OraclePylonMove.squareName(move.to()) + " is occupied: pyramids are placed on empty squares");
            }
            if (state.inHand(state.actor(), move.size()) == 0) {
                return Legality.violation("no pyramid of that size is left in hand");
            }
            return Legality.LEGAL;
        }
        if (state.isPlacementPhase()) {
            return Legality.violation("stacks move only once all 30 pyramids are placed");
        }
        if (state.height(move.from()) == 0) {
            return Legality.violation("there is no stack on " + OraclePylonMove.squareName(move.from()));
        }
        if (state.height(move.to()) == 0) {
            return Legality.violation("nothing moves onto an empty square");
        }
        if (state.bottomSize(move.from()) > state.topSize(move.to())) {
            return Legality.violation("a pyramid may not be stacked on a smaller pyramid");
        }
        return Legality.LEGAL;
    }

    @Override
    public OraclePylonState apply(OraclePylonState state, OraclePylonMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        int seat = state.actor();
        int[] squares = state.squaresCopy();
        int[] hands = state.handsCopy();
        if (move.isPlacement()) {
            squares[move.to()] = OraclePylonState.pack(1, seat, move.size(), move.size());
            hands[seat * 3 + move.size() - 1]--;
        } else {
            int moving = squares[move.from()];
            int target = squares[move.to()];
            squares[move.to()] = OraclePylonState.pack((moving & 31) + (target & 31), moving >> 5 & 1,
                    moving >> 6 & 3, target >> 8 & 3);
            squares[move.from()] = 0;
        }
        int turn = state.turn() + 1;
        int next;
        if (turn < SQUARES) {
            next = 1 - seat;
        } else if (!anyStackingMove(squares)) {
            next = State.NONE;
        } else {
            // The player who placed the last pyramid makes the first stacking move (DECISIONS 3).
            next = turn == SQUARES ? seat : 1 - seat;
        }
        return new OraclePylonState(squares, hands, next, turn);
    }

    private static boolean anyStackingMove(int[] squares) {
        for (int from = 0; from < SQUARES; from++) {
            if ((squares[from] & 31) == 0) {
                continue;
            }
            int bottom = squares[from] >> 8 & 3;
            for (int to : NEIGHBOURS[from]) {
                if ((squares[to] & 31) > 0 && bottom <= (squares[to] >> 6 & 3)) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public Outcome outcome(OraclePylonState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        return Outcome.byHigherScore(state.score(0), state.score(1));
    }

    @Override
    public OraclePylonView view(OraclePylonState state, int seat) {
        return OraclePylonView.of(state, seat);
    }

    @Override
    public OraclePylonState determinize(View view, RandomGenerator rng) {
        return ((OraclePylonView) view).toState();
    }

    @Override
    public OraclePylonMove parseMove(String notation) {
        return OraclePylonMove.parse(notation);
    }

    @Override
    public String render(OraclePylonState state) {
        StringBuilder out = new StringBuilder();
        out.append("    a   b   c   d   e   f\n");
        for (int row = OraclePylonMove.ROWS - 1; row >= 0; row--) {
            out.append(row + 1).append(' ');
            for (int column = 0; column < OraclePylonMove.COLUMNS; column++) {
                int square = row * OraclePylonMove.COLUMNS + column;
                out.append(' ');
                if (state.height(square) == 0) {
                    out.append(" . ");
                } else {
                    out.append(state.topOwner(square)).append("SML".charAt(state.topSize(square) - 1))
                            .append(state.height(square) < 10 ? Integer.toString(state.height(square)) : "+");
                }
            }
            out.append('\n');
        }
        out.append("A square shows its top pyramid's seat and size and the stack's height (0L3: seat 0's large on 3).\n");
        for (int seat = 0; seat < 2; seat++) {
            out.append("seat ").append(seat).append(": in hand S").append(state.inHand(seat, 1))
                    .append(" M").append(state.inHand(seat, 2)).append(" L").append(state.inHand(seat, 3))
                    .append(", score ").append(state.score(seat)).append('\n');
        }
        out.append(state.isTerminal() ? "game over" : "seat " + state.actor() + " to move ("
                + (state.isPlacementPhase() ? "placement" : "stacking") + " phase)");
        return out.append('\n').toString();
    }

    @Override
    public String render(View view) {
        return render(((OraclePylonView) view).toState());
    }
}
