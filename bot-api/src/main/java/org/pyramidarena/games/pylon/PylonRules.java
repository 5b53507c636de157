package org.pyramidarena.games.pylon;

import java.util.List;
import java.util.function.Predicate;
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
public final class PylonRules implements Rules<PylonState, PylonMove> {

    private static final int SQUARES = PylonMove.SQUARES;

    /** Every outcome of a game whose scores sum to 30, by seat 0's score. */
    private static final Outcome[] OUTCOMES = new Outcome[SQUARES + 1];

    static {
        for (int score = 0; score <= SQUARES; score++) {
            OUTCOMES[score] = Outcome.byHigherScore(score, SQUARES - score);
        }
    }

    private final Game game;
    private final GameSetup setup;
    private final PylonState initial = PylonState.initial();
    /** Points taken from seat 0's score at the end; 0 when the setup gives no komi. */
    private final double komi;

    PylonRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.komi = setup.parameter(Pylon.KOMI, 0);
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
    public PylonState initialState() {
        return initial;
    }

    /** Seat 0 places first (the stacking phase's first mover, seat 1, starts no round). */
    @Override
    public int starter(PylonState state) {
        return 0;
    }

    /**
     * Placements square by square ({@code a1, b1, .. f5}), small before medium before large; or
     * stacking moves by origin square, then by target square.
     */
    @Override
    public List<PylonMove> legalMoves(PylonState state) {
        // One allocation site for every case (the end's empty list included), so that a caller that
        // only reads the list can have it scalar-replaced by the compiler.
        return PylonMoves.of(state);
    }

    @Override
    public List<ChanceOutcome<PylonMove>> chanceOutcomes(PylonState state) {
        return List.of();
    }

    @Override
    public Legality check(PylonState state, PylonMove move) {
        if (state.isTerminal()) {
            return new Legality(Legality.Reason.GAME_OVER, "the game is over");
        }
        if (move.isPlacement()) {
            if (!state.isPlacementPhase()) {
                return Legality.violation("the placement phase is over: every pyramid is on the board");
            }
            if (state.height(move.to()) > 0) {
                return Legality.violation(PylonMove.squareName(move.to()) + " is occupied: pyramids are placed on empty squares");
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
            return Legality.violation("there is no stack on " + PylonMove.squareName(move.from()));
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
    public PylonState apply(PylonState state, PylonMove move) {
        if (!isLegal(state, move)) {
            throw new IllegalArgumentException(move + " is illegal: " + check(state, move).message());
        }
        int seat = state.actor();
        int occupied = state.occupied;
        int seatOneTops = state.seatOneTops;
        int top2 = state.top2;
        int top3 = state.top3;
        int bottom2 = state.bottom2;
        int bottom3 = state.bottom3;
        int height0 = state.height0;
        int height1 = state.height1;
        int height2 = state.height2;
        int height3 = state.height3;
        int height4 = state.height4;
        int hands = state.hands;
        int to = 1 << move.to();
        if (move.isPlacement()) {
            int size = move.size();
            occupied |= to;
            seatOneTops |= seat == 1 ? to : 0;
            if (size >= 2) {
                top2 |= to;
                bottom2 |= to;
                if (size == 3) {
                    top3 |= to;
                    bottom3 |= to;
                }
            }
            height0 |= to;
            hands -= 1 << ((seat * 3 + size - 1) * 5);
        } else {
            int from = 1 << move.from();
            int height = state.heightAt(move.from()) + state.heightAt(move.to());
            // The target keeps its bottom pyramid and takes the moving stack's top; the origin empties.
            seatOneTops = (seatOneTops & ~to) | ((seatOneTops & from) != 0 ? to : 0);
            top2 = (top2 & ~to) | ((top2 & from) != 0 ? to : 0);
            top3 = (top3 & ~to) | ((top3 & from) != 0 ? to : 0);
            int keep = ~(from | to);
            height0 = (height0 & keep) | ((height & 1) != 0 ? to : 0);
            height1 = (height1 & keep) | ((height & 2) != 0 ? to : 0);
            height2 = (height2 & keep) | ((height & 4) != 0 ? to : 0);
            height3 = (height3 & keep) | ((height & 8) != 0 ? to : 0);
            height4 = (height4 & keep) | ((height & 16) != 0 ? to : 0);
            int clear = ~from;
            occupied &= clear;
            seatOneTops &= clear;
            top2 &= clear;
            top3 &= clear;
            bottom2 &= clear;
            bottom3 &= clear;
        }
        int turn = state.turn() + 1;
        // The player who placed the last pyramid makes the first stacking move (DECISIONS 3); the
        // game ends when no stack can move, which the next state works out with its moves.
        int next = turn < SQUARES ? 1 - seat : turn == SQUARES ? seat : 1 - seat;
        if (turn >= SQUARES && !PylonState.anyStackingMove(occupied, top2, top3, bottom2, bottom3)) {
            next = State.NONE;
        }
        return new PylonState(occupied, seatOneTops, top2, top3, bottom2, bottom3, height0, height1, height2, height3,
                height4, hands, next, turn);
    }

    /**
     * The random playout on a scratch position of local masks: the k-th legal move is found from the
     * masks (placements by square, then size; stacking moves by origin, then direction), as {@link
     * #legalMoves} lists them, and applied as {@link #apply} does, with no object per action. A state
     * is made for each test of {@code stop}, and otherwise once at the end.
     */
    @Override
    public PylonState randomPlayout(PylonState state, RandomGenerator rng, int maxActions,
                                    Predicate<? super PylonState> stop) {
        int occupied = state.occupied;
        int seatOneTops = state.seatOneTops;
        int top2 = state.top2;
        int top3 = state.top3;
        int bottom2 = state.bottom2;
        int bottom3 = state.bottom3;
        int height0 = state.height0;
        int height1 = state.height1;
        int height2 = state.height2;
        int height3 = state.height3;
        int height4 = state.height4;
        int hands = state.hands;
        int actor = state.actor();
        int turn = state.turn();
        int down = state.down();
        int left = state.left();
        int right = state.right();
        int up = state.up();
        // The state the scratch position is in, when made; null once an action has changed it.
        PylonState current = state;
        for (int actions = 0; actor != State.NONE && actions < maxActions; actions++) {
            if (stop != null) {
                if (current == null) {
                    current = new PylonState(occupied, seatOneTops, top2, top3, bottom2, bottom3, height0, height1,
                            height2, height3, height4, hands, actor, turn);
                }
                if (stop.test(current)) {
                    return current;
                }
            }
            current = null;
            int seat = actor;
            if (turn < SQUARES) {
                int shift = seat * 15;
                int available = ((hands >>> shift & 31) != 0 ? 1 : 0) | ((hands >>> (shift + 5) & 31) != 0 ? 2 : 0)
                        | ((hands >>> (shift + 10) & 31) != 0 ? 4 : 0);
                int sizes = Integer.bitCount(available);
                int empty = ~occupied & PylonState.ALL;
                int k = rng.nextInt(Integer.bitCount(empty) * sizes);
                int to = lowestBit(empty, k / sizes);
                int size = Integer.numberOfTrailingZeros(lowestBit(available, k % sizes)) + 1;
                occupied |= to;
                seatOneTops |= seat == 1 ? to : 0;
                if (size >= 2) {
                    top2 |= to;
                    bottom2 |= to;
                    if (size == 3) {
                        top3 |= to;
                        bottom3 |= to;
                    }
                }
                height0 |= to;
                hands -= 1 << (shift + (size - 1) * 5);
            } else {
                int k = rng.nextInt(Integer.bitCount(down) + Integer.bitCount(left) + Integer.bitCount(right)
                        + Integer.bitCount(up));
                int from;
                int to;
                int origins = down | left | right | up;
                while (true) {
                    from = origins & -origins;
                    origins ^= from;
                    if ((down & from) != 0 && k-- == 0) {
                        to = from >>> PylonMove.COLUMNS;
                        break;
                    }
                    if ((left & from) != 0 && k-- == 0) {
                        to = from >>> 1;
                        break;
                    }
                    if ((right & from) != 0 && k-- == 0) {
                        to = from << 1;
                        break;
                    }
                    if ((up & from) != 0 && k-- == 0) {
                        to = from << PylonMove.COLUMNS;
                        break;
                    }
                }
                int height = heightOf(from, height0, height1, height2, height3, height4)
                        + heightOf(to, height0, height1, height2, height3, height4);
                seatOneTops = (seatOneTops & ~to) | ((seatOneTops & from) != 0 ? to : 0);
                top2 = (top2 & ~to) | ((top2 & from) != 0 ? to : 0);
                top3 = (top3 & ~to) | ((top3 & from) != 0 ? to : 0);
                int keep = ~(from | to);
                height0 = (height0 & keep) | ((height & 1) != 0 ? to : 0);
                height1 = (height1 & keep) | ((height & 2) != 0 ? to : 0);
                height2 = (height2 & keep) | ((height & 4) != 0 ? to : 0);
                height3 = (height3 & keep) | ((height & 8) != 0 ? to : 0);
                height4 = (height4 & keep) | ((height & 16) != 0 ? to : 0);
                int clear = ~from;
                occupied &= clear;
                seatOneTops &= clear;
                top2 &= clear;
                top3 &= clear;
                bottom2 &= clear;
                bottom3 &= clear;
            }
            turn++;
            actor = turn < SQUARES ? 1 - seat : turn == SQUARES ? seat : 1 - seat;
            if (turn >= SQUARES) {
                down = PylonState.down(occupied, top2, top3, bottom2, bottom3);
                left = PylonState.left(occupied, top2, top3, bottom2, bottom3);
                right = PylonState.right(occupied, top2, top3, bottom2, bottom3);
                up = PylonState.up(occupied, top2, top3, bottom2, bottom3);
                if ((down | left | right | up) == 0) {
                    actor = State.NONE;
                }
            }
        }
        return current != null ? current : new PylonState(occupied, seatOneTops, top2, top3, bottom2, bottom3,
                height0, height1, height2, height3, height4, hands, actor, turn);
    }

    /** The set bit of {@code mask} with {@code index} set bits below it, as a one-bit mask. */
    private static int lowestBit(int mask, int index) {
        for (int i = 0; i < index; i++) {
            mask &= mask - 1;
        }
        return mask & -mask;
    }

    /** The height of the stack on the one-bit mask {@code square}, from the height bit masks. */
    private static int heightOf(int square, int height0, int height1, int height2, int height3, int height4) {
        return ((height0 & square) != 0 ? 1 : 0) | ((height1 & square) != 0 ? 2 : 0)
                | ((height2 & square) != 0 ? 4 : 0) | ((height3 & square) != 0 ? 8 : 0)
                | ((height4 & square) != 0 ? 16 : 0);
    }

    /** {@link #check}'s verdict, LEGAL or not, read from the masks. */
    private static boolean isLegal(PylonState state, PylonMove move) {
        if (state.isTerminal()) {
            return false;
        }
        if (move.isPlacement()) {
            return state.isPlacementPhase() && (state.occupied >>> move.to() & 1) == 0
                    && state.inHandAt(state.actor(), move.size()) > 0;
        }
        int delta = move.to() - move.from();
        if (state.isPlacementPhase()) {
            return false;
        }
        int origins = delta == -PylonMove.COLUMNS ? state.down() : delta == -1 ? state.left() : delta == 1 ? state.right()
                : state.up();
        return (origins >>> move.from() & 1) != 0;
    }

    /** Higher score wins, equal scores draw; a komi is taken from seat 0's score first. */
    @Override
    public Outcome outcome(PylonState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        int score0 = state.score(0);
        int score1 = state.score(1);
        if (komi != 0) {
            return Outcome.byHigherScore(score0 - komi, score1);
        }
        return score0 + score1 == SQUARES ? OUTCOMES[score0] : Outcome.byHigherScore(score0, score1);
    }

    /**
     * The pyramids in the stacks each seat tops ({@link PylonState#score}), seat 0's less the komi:
     * the outcome's scores at the end. Read from the state's masks on each call.
     */
    @Override
    public double[] runningScore(PylonState state) {
        return new double[] {state.score(0) - komi, state.score(1)};
    }

    @Override
    public PylonView view(PylonState state, int seat) {
        return PylonView.of(state, seat);
    }

    @Override
    public PylonState determinize(View view, RandomGenerator rng) {
        return ((PylonView) view).toState();
    }

    @Override
    public PylonMove parseMove(String notation) {
        return PylonMove.parse(notation);
    }

    @Override
    public String render(PylonState state) {
        StringBuilder out = new StringBuilder();
        out.append("    a   b   c   d   e   f\n");
        for (int row = PylonMove.ROWS - 1; row >= 0; row--) {
            out.append(row + 1).append(' ');
            for (int column = 0; column < PylonMove.COLUMNS; column++) {
                int square = row * PylonMove.COLUMNS + column;
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
        return render(((PylonView) view).toState());
    }
}
