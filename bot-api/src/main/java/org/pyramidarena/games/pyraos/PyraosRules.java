package org.pyramidarena.games.pyraos;

import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.MoveLists;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;

/**
 * The rules of Pyraos, as pyraos.txt with DECISIONS.md, in one of four variants; see {@code
 * docs/rules/pyraos.md}.
 *
 * <p>Everything works on two 30-bit masks (each seat's spheres), whole boards at a time: where a
 * sphere can go, which spheres are free and where one would complete a square are a few shifts each
 * ({@link PyraosBoard#supported}, {@link PyraosBoard#covered}, {@link PyraosBoard#completing}).
 * Generating moves allocates only the move list and, after a square, the moves carrying removals.
 */
public final class PyraosRules implements Rules<PyraosState, PyraosMove> {

    /** A game reaching this many moves is a draw. */
    public static final int MOVE_LIMIT = 300;

    /** The third occurrence of a position is a draw. */
    public static final int REPETITIONS = 3;

    private static final int N = PyraosBoard.POSITIONS;
    private static final int APEX = PyraosBoard.APEX;

    private final Game game;
    private final GameSetup setup;
    private final boolean removals;
    private final boolean removalCompulsory;
    private final boolean passing;
    /** The spheres each seat owns: 15, or more for the seat a handicap favours. */
    private final int capacity0;
    private final int capacity1;
    private final PyraosState initial;

    PyraosRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.removals = !setup.variant().equals("children");
        this.removalCompulsory = setup.variant().equals("pylos");
        this.passing = setup.variant().equals("pass");
        int handicap = (int) setup.parameter(Pyraos.HANDICAP, 0);
        this.capacity0 = PyraosState.capacity(handicap, 0);
        this.capacity1 = PyraosState.capacity(handicap, 1);
        this.initial = PyraosState.initial(handicap);
    }

    /** The spheres a seat owns. */
    private int capacity(int seat) {
        return seat == 0 ? capacity0 : capacity1;
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
    public PyraosState initialState() {
        return initial;
    }

    /** Seat 0 moves first. */
    @Override
    public int starter(PyraosState state) {
        return 0;
    }

    /**
     * Placements by destination index ({@code 1a1, 1b1, .. 4a1}), then lifts by origin and then
     * destination index. After a move that completes a square, the move without removals (unless
     * removals are compulsory) is followed, for each first removal by descending index, by that
     * single removal and then the pairs it starts, second removal by descending index. The pass,
     * when it is the only move, stands alone.
     */
    @Override
    public List<PyraosMove> legalMoves(PyraosState state) {
        if (state.isTerminal()) {
            return List.of();
        }
        int seat = state.actor();
        int own = state.spheres(seat);
        int occupied = state.occupied();
        int empty = PyraosBoard.supported(occupied) & ~occupied & PyraosBoard.ALL;
        // Where a sphere of the mover's would complete a square of its colour: a lifted sphere leaves
        // a lower level, so it never belongs to the square its destination completes.
        int squares = removals ? PyraosBoard.completing(own) : 0;
        int placements = Integer.bitCount(own) < capacity(seat) ? empty : 0;
        int origins = own & ~PyraosBoard.covered(occupied) & ~(1 << APEX);
        // Counted first, so that the list is made at its size unless a square brings removals.
        int count = Integer.bitCount(placements);
        int onSquares = placements & squares;
        for (int left = origins; left != 0; left &= left - 1) {
            int targets = liftTargets(empty, Integer.numberOfTrailingZeros(left));
            count += Integer.bitCount(targets);
            onSquares |= targets & squares;
        }
        if (count == 0) {
            // Only the pass variant reaches a turn without a placement or a lift: otherwise the
            // state after the previous move is already over.
            return PASS_ONLY;
        }
        Builder moves = new Builder(onSquares == 0 ? count : count + 32);
        for (int targets = placements; targets != 0; targets &= targets - 1) {
            int to = Integer.numberOfTrailingZeros(targets);
            if ((squares >> to & 1) == 0) {
                moves.add(PyraosMove.place(to));
            } else {
                addWithRemovals(moves, PyraosMove.place(to), own | 1 << to, occupied | 1 << to);
            }
        }
        for (; origins != 0; origins &= origins - 1) {
            int from = Integer.numberOfTrailingZeros(origins);
            for (int targets = liftTargets(empty, from); targets != 0; targets &= targets - 1) {
                int to = Integer.numberOfTrailingZeros(targets);
                if ((squares >> to & 1) == 0) {
                    moves.add(PyraosMove.lift(from, to));
                } else {
                    int bit = 1 << from;
                    addWithRemovals(moves, PyraosMove.lift(from, to), own & ~bit | 1 << to, occupied & ~bit | 1 << to);
                }
            }
        }
        return moves.list();
    }

    /**
     * Where the sphere on {@code from} (free) can be lifted, given where a sphere can be placed:
     * leaving {@code from} empties nothing else and unsupports only what rests on it.
     */
    private static int liftTargets(int empty, int from) {
        return empty & PyraosBoard.higher(from) & ~PyraosBoard.above(from);
    }

    private static final List<PyraosMove> PASS_ONLY = List.of(PyraosMove.PASS);

    /**
     * Adds a placement or lift that completes a square, with its removal sets, given the mover's
     * spheres and all spheres after it.
     */
    private void addWithRemovals(Builder moves, PyraosMove base, int own, int occupied) {
        if (!removalCompulsory) {
            moves.add(base);
        }
        int free = own & ~PyraosBoard.covered(occupied);
        for (int firsts = free; firsts != 0; ) {
            int first = 31 - Integer.numberOfLeadingZeros(firsts);
            firsts &= ~(1 << first);
            moves.add(base.sharedWithRemovals(first, -1));
            // The second removal has a lower index: a pair of spheres free at once is listed once,
            // and a sphere freed by the first removal lay below it, so it has a lower index anyway.
            int remaining = occupied & ~(1 << first);
            for (int seconds = own & ~PyraosBoard.covered(remaining) & (1 << first) - 1; seconds != 0; ) {
                int second = 31 - Integer.numberOfLeadingZeros(seconds);
                seconds &= ~(1 << second);
                moves.add(base.sharedWithRemovals(first, second));
            }
        }
    }

    /** A move list filled once and then handed out as an immutable list over its array. */
    private static final class Builder {
        private PyraosMove[] moves;
        private int size;

        Builder(int capacity) {
            moves = new PyraosMove[capacity];
        }

        void add(PyraosMove move) {
            if (size == moves.length) {
                moves = Arrays.copyOf(moves, size * 2 + 16);
            }
            moves[size++] = move;
        }

        List<PyraosMove> list() {
            return MoveLists.of(moves, size);
        }
    }

    @Override
    public List<ChanceOutcome<PyraosMove>> chanceOutcomes(PyraosState state) {
        return List.of();
    }

    @Override
    public Legality check(PyraosState state, PyraosMove move) {
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
            if (canPlaceOrLift(own, capacity(state.actor()), occupied)) {
                return Legality.violation("a player may pass only when no sphere can be placed or lifted");
            }
            return Legality.LEGAL;
        }
        int to = move.to();
        if (move.isPlacement()) {
            if (Integer.bitCount(own) >= capacity(state.actor())) {
                return Legality.violation("no sphere is left in reserve to place");
            }
        } else {
            int from = move.from();
            if ((own >> from & 1) == 0) {
                return Legality.violation("only a sphere of your own colour may be lifted, and "
                        + PyraosBoard.name(from) + " holds none");
            }
            if (!PyraosBoard.free(occupied, from)) {
                return Legality.violation("the sphere on " + PyraosBoard.name(from)
                        + " supports another sphere and cannot be lifted");
            }
            if (PyraosBoard.level(to) <= PyraosBoard.level(from)) {
                return Legality.violation("a sphere is lifted only to a strictly higher level");
            }
            if ((PyraosBoard.below(to) >> from & 1) != 0) {
                return Legality.violation("a sphere cannot be lifted onto a position it supports");
            }
            occupied &= ~(1 << from);
            own &= ~(1 << from);
        }
        if ((occupied >> to & 1) != 0) {
            return Legality.violation(PyraosBoard.name(to) + " is occupied");
        }
        if (!PyraosBoard.placeable(occupied, to)) {
            return Legality.violation(PyraosBoard.name(to) + " does not rest on four spheres");
        }
        own |= 1 << to;
        occupied |= 1 << to;
        if (move.removals() == 0) {
            if (removals && removalCompulsory && PyraosBoard.completesSquare(own, to)) {
                return Legality.violation("after completing a square one or two spheres must be removed");
            }
            return Legality.LEGAL;
        }
        if (!removals) {
            return Legality.violation("spheres are never removed in the children variant");
        }
        if (!PyraosBoard.completesSquare(own, to)) {
            return Legality.violation("spheres are removed only after completing a square of your colour"
                    + " with the moved sphere");
        }
        int first = move.first();
        if ((own >> first & 1) == 0 || !PyraosBoard.free(occupied, first)) {
            return Legality.violation("only your own spheres with nothing resting on them may be removed, not "
                    + PyraosBoard.name(first));
        }
        occupied &= ~(1 << first);
        own &= ~(1 << first);
        int second = move.second();
        if (second >= 0 && ((own >> second & 1) == 0 || !PyraosBoard.free(occupied, second))) {
            return Legality.violation("only your own spheres with nothing resting on them may be removed, not "
                    + PyraosBoard.name(second));
        }
        return Legality.LEGAL;
    }

    /** True when a seat with these spheres on the board, of {@code capacity} it owns, can place or lift one. */
    private static boolean canPlaceOrLift(int own, int capacity, int occupied) {
        // With a sphere in reserve there is always a place: the lowest empty position rests on
        // full levels (the apex is empty while the game goes on).
        if (Integer.bitCount(own) < capacity && (occupied >> APEX & 1) == 0) {
            return true;
        }
        int empty = PyraosBoard.supported(occupied) & ~occupied & PyraosBoard.ALL;
        for (int origins = own & ~PyraosBoard.covered(occupied) & ~(1 << APEX); origins != 0;
                origins &= origins - 1) {
            int from = Integer.numberOfTrailingZeros(origins);
            if (liftTargets(empty, from) != 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public PyraosState apply(PyraosState state, PyraosMove move) {
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
        PyraosState.Ending ending = PyraosState.Ending.NONE;
        int winner = -1;
        if (move.to() == APEX) {
            ending = PyraosState.Ending.APEX;
            winner = seat;
        } else if (state.occurrences(PyraosState.key(spheres0, spheres1, other)) + 1 >= REPETITIONS) {
            ending = PyraosState.Ending.REPETITION;
        } else if (state.moveCount() + 1 >= MOVE_LIMIT) {
            ending = PyraosState.Ending.MOVE_LIMIT;
        } else if (!passing
                && !canPlaceOrLift(seat == 0 ? spheres1 : spheres0, capacity(1 - seat), spheres0 | spheres1)) {
            ending = PyraosState.Ending.NO_MOVE;
            winner = seat;
        }
        return state.next(spheres0, spheres1, other, ending, winner);
    }

    /**
     * The random playout on a scratch position: the two seats' masks, the new positions' keys in a
     * local array (their repetitions counted there and in the start's history), the k-th legal move
     * found from the masks in {@link #legalMoves}'s order, removal sets counted and chosen without
     * being listed, no object per action. The state is made once at the end; with {@code stop}, the
     * state after every action is made for the test instead (one state and one history node each,
     * as {@link #apply} makes), still without move lists or move objects.
     */
    @Override
    public PyraosState randomPlayout(PyraosState state, RandomGenerator rng, int maxActions,
                                     Predicate<? super PyraosState> stop) {
        if (state.isTerminal() || maxActions <= 0 || stop != null && stop.test(state)) {
            return state;
        }
        int spheres0 = state.spheres(0);
        int spheres1 = state.spheres(1);
        int seat = state.actor();
        int moves = state.moveCount();
        long[] keys = stop == null ? new long[Math.max(1, Math.min(maxActions, MOVE_LIMIT - moves))] : null;
        // The most spheres on the board in keys[0..i]: a count stops where fewer were ever there.
        int[] most = stop == null ? new int[keys.length] : null;
        int played = 0;
        PyraosState current = state;
        while (true) {
            int own = seat == 0 ? spheres0 : spheres1;
            int occupied = spheres0 | spheres1;
            int empty = PyraosBoard.supported(occupied) & ~occupied & PyraosBoard.ALL;
            int squares = removals ? PyraosBoard.completing(own) : 0;
            int placements = Integer.bitCount(own) < capacity(seat) ? empty : 0;
            int origins = own & ~PyraosBoard.covered(occupied) & ~(1 << APEX);
            int count = Integer.bitCount(placements);
            int onSquares = placements & squares;
            for (int left = origins; left != 0; left &= left - 1) {
                int targets = liftTargets(empty, Integer.numberOfTrailingZeros(left));
                count += Integer.bitCount(targets);
                onSquares |= targets & squares;
            }
            int to = -1;
            if (count != 0) {
                if (onSquares != 0) {
                    // Each move completing a square stands for its removal sets: count them.
                    for (int rest = placements & squares; rest != 0; rest &= rest - 1) {
                        int bit = rest & -rest;
                        count += removalSets(own | bit, occupied | bit) - 1;
                    }
                    for (int left = origins; left != 0; left &= left - 1) {
                        int from = left & -left;
                        for (int rest = liftTargets(empty, Integer.numberOfTrailingZeros(from)) & squares; rest != 0;
                                rest &= rest - 1) {
                            int bit = rest & -rest;
                            count += removalSets(own & ~from | bit, occupied & ~from | bit) - 1;
                        }
                    }
                }
                int k = rng.nextInt(count);
                int from = 0;
                // True once a move with removals has set the mover's spheres after it.
                boolean resolved = false;
                int placed = Integer.bitCount(placements);
                if (onSquares == 0 && k < placed) {
                    to = nthBit(placements, k);
                } else if (onSquares == 0) {
                    k -= placed;
                    for (int left = origins; ; left &= left - 1) {
                        from = left & -left;
                        int targets = liftTargets(empty, Integer.numberOfTrailingZeros(from));
                        int n = Integer.bitCount(targets);
                        if (k < n) {
                            to = nthBit(targets, k);
                            break;
                        }
                        k -= n;
                    }
                } else {
                    // Walk the base moves in order, each weighing its removal sets.
                    found:
                    {
                        for (int rest = placements; rest != 0; rest &= rest - 1) {
                            int bit = rest & -rest;
                            if ((squares & bit) == 0) {
                                if (k-- == 0) {
                                    to = Integer.numberOfTrailingZeros(bit);
                                    break found;
                                }
                                continue;
                            }
                            int n = removalSets(own | bit, occupied | bit);
                            if (k < n) {
                                to = Integer.numberOfTrailingZeros(bit);
                                own = removed(own | bit, occupied | bit, k);
                                resolved = true;
                                break found;
                            }
                            k -= n;
                        }
                        for (int left = origins; ; left &= left - 1) {
                            from = left & -left;
                            for (int rest = liftTargets(empty, Integer.numberOfTrailingZeros(from)); rest != 0;
                                    rest &= rest - 1) {
                                int bit = rest & -rest;
                                if ((squares & bit) == 0) {
                                    if (k-- == 0) {
                                        to = Integer.numberOfTrailingZeros(bit);
                                        break found;
                                    }
                                    continue;
                                }
                                int n = removalSets(own & ~from | bit, occupied & ~from | bit);
                                if (k < n) {
                                    to = Integer.numberOfTrailingZeros(bit);
                                    own = removed(own & ~from | bit, occupied & ~from | bit, k);
                                    resolved = true;
                                    break found;
                                }
                                k -= n;
                            }
                        }
                    }
                }
                if (!resolved) {
                    own = own & ~from | 1 << to;
                }
            } else {
                // The pass, alone in its list.
                rng.nextInt(1);
            }
            if (seat == 0) {
                spheres0 = own;
            } else {
                spheres1 = own;
            }
            int other = 1 - seat;
            long key = PyraosState.key(spheres0, spheres1, other);
            PyraosState.Ending ending = PyraosState.Ending.NONE;
            int winner = -1;
            if (to == APEX) {
                ending = PyraosState.Ending.APEX;
                winner = seat;
            } else if (current.occurrences(key) + occurrences(keys, most, played, key) + 1 >= REPETITIONS) {
                ending = PyraosState.Ending.REPETITION;
            } else if (moves + 1 >= MOVE_LIMIT) {
                ending = PyraosState.Ending.MOVE_LIMIT;
            } else if (!passing
                && !canPlaceOrLift(seat == 0 ? spheres1 : spheres0, capacity(1 - seat), spheres0 | spheres1)) {
                ending = PyraosState.Ending.NO_MOVE;
                winner = seat;
            }
            moves++;
            if (stop == null) {
                most[played] = Math.max(played == 0 ? 0 : most[played - 1], Long.bitCount(key & SPHERE_BITS));
                keys[played++] = key;
                if (ending != PyraosState.Ending.NONE || played == maxActions) {
                    return state.extended(keys, played, ending, winner);
                }
            } else {
                current = current.next(spheres0, spheres1, other, ending, winner);
                played++;
                if (ending != PyraosState.Ending.NONE || played == maxActions || stop.test(current)) {
                    return current;
                }
            }
            seat = other;
        }
    }

    /** The sphere bits of a position key. */
    private static final long SPHERE_BITS = (1L << 60) - 1;

    /**
     * How often a key occurs among the first {@code count} of {@code keys}, newest first, stopping
     * where {@code most} shows no earlier position held as many spheres; 0 without keys.
     */
    private static int occurrences(long[] keys, int[] most, int count, long key) {
        if (keys == null) {
            return 0;
        }
        int spheres = Long.bitCount(key & SPHERE_BITS);
        int found = 0;
        for (int i = count - 1; i >= 0 && most[i] >= spheres; i--) {
            if (keys[i] == key) {
                found++;
            }
        }
        return found;
    }

    /** The set bit of {@code mask} with {@code index} set bits below it, as its position. */
    private static int nthBit(int mask, int index) {
        for (int i = 0; i < index; i++) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }

    /**
     * The moves a placement or lift completing a square stands for in the list, given the mover's
     * spheres and all spheres after it: as {@link #addWithRemovals} lists them.
     */
    private int removalSets(int own, int occupied) {
        int count = removalCompulsory ? 0 : 1;
        for (int firsts = own & ~PyraosBoard.covered(occupied); firsts != 0; firsts &= firsts - 1) {
            int first = Integer.numberOfTrailingZeros(firsts);
            count += 1 + Integer.bitCount(own & ~PyraosBoard.covered(occupied & ~(1 << first)) & (1 << first) - 1);
        }
        return count;
    }

    /**
     * The mover's spheres after the removal set of index {@code k} in {@link #addWithRemovals}'s
     * order (first removal by descending position, alone and then with each second by descending
     * position), given the mover's spheres and all spheres after the move.
     */
    private int removed(int own, int occupied, int k) {
        if (!removalCompulsory) {
            if (k == 0) {
                return own;
            }
            k--;
        }
        for (int firsts = own & ~PyraosBoard.covered(occupied); ; ) {
            int first = 31 - Integer.numberOfLeadingZeros(firsts);
            firsts &= ~(1 << first);
            if (k == 0) {
                return own & ~(1 << first);
            }
            k--;
            int seconds = own & ~PyraosBoard.covered(occupied & ~(1 << first)) & (1 << first) - 1;
            int n = Integer.bitCount(seconds);
            if (k < n) {
                for (int i = 0; i < k; i++) {
                    seconds &= ~Integer.highestOneBit(seconds);
                }
                return own & ~(1 << first) & ~Integer.highestOneBit(seconds);
            }
            k -= n;
        }
    }

    /** A win scores 1 and a loss 0; a draw scores 0.5 each. */
    @Override
    public Outcome outcome(PyraosState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        if (state.winner() < 0) {
            return DRAW;
        }
        return state.winner() == 0 ? SEAT_0_WINS : SEAT_1_WINS;
    }

    /**
     * The spheres each seat still holds ({@link PyraosState#reserve}), a handicap counted: a stand-in
     * for a game that scores only at its end ({@link Pyraos#scoring()}).
     */
    @Override
    public double[] runningScore(PyraosState state) {
        return new double[] {state.reserve(0), state.reserve(1)};
    }

    /** A game stopped at {@link #MOVE_LIMIT} moves, a draw the rules did not decide. */
    @Override
    public boolean endedByCap(PyraosState state) {
        return state.ending() == PyraosState.Ending.MOVE_LIMIT;
    }

    // Outcomes are immutable: the three there are, made once.
    private static final Outcome DRAW = Outcome.byHigherScore(0.5, 0.5);
    private static final Outcome SEAT_0_WINS = Outcome.byHigherScore(1, 0);
    private static final Outcome SEAT_1_WINS = Outcome.byHigherScore(0, 1);

    @Override
    public PyraosView view(PyraosState state, int seat) {
        return PyraosView.of(state, seat);
    }

    @Override
    public PyraosState determinize(View view, RandomGenerator rng) {
        return ((PyraosView) view).toState();
    }

    @Override
    public PyraosMove parseMove(String notation) {
        return PyraosMove.parse(notation);
    }

    @Override
    public String render(PyraosState state) {
        return render(view(state, View.OBSERVER));
    }

    /**
     * The four levels side by side, highest row on top, {@code W} for seat 0's (white) spheres,
     * {@code B} for seat 1's (black), {@code .} for an empty position; then reserves and who moves.
     */
    @Override
    public String render(View view) {
        PyraosView v = (PyraosView) view;
        StringBuilder out = new StringBuilder();
        StringBuilder names = new StringBuilder();
        StringBuilder columns = new StringBuilder();
        for (int level = 0; level < PyraosBoard.LEVELS; level++) {
            int width = names.length() + 2 * PyraosBoard.size(level) + 4;
            names.append("level ").append(level + 1);
            columns.append(' ');
            for (int column = 0; column < PyraosBoard.size(level); column++) {
                columns.append(' ').append((char) ('a' + column));
            }
            if (level < PyraosBoard.LEVELS - 1) {
                while (names.length() < width) {
                    names.append(' ');
                }
                while (columns.length() < width) {
                    columns.append(' ');
                }
            }
        }
        out.append(names).append('\n').append(columns).append('\n');
        for (int line = 0; line < PyraosBoard.size(0); line++) {
            for (int level = 0; level < PyraosBoard.LEVELS; level++) {
                int size = PyraosBoard.size(level);
                int row = PyraosBoard.size(0) - 1 - line;
                StringBuilder block = new StringBuilder();
                if (row < size) {
                    block.append(row + 1);
                    for (int column = 0; column < size; column++) {
                        int owner = v.board().get(PyraosBoard.offset(level) + row * size + column);
                        block.append(' ').append(owner == 0 ? 'W' : owner == 1 ? 'B' : '.');
                    }
                }
                if (level < PyraosBoard.LEVELS - 1) {
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
