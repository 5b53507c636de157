package org.pyramidarena.games.pyrinoes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Event;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.MoveLists;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pyrinoes.PyrinoesMove.Kind;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Draft;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Phase;

/** The rules of Pyrinoes, as pyrinoes.txt with DECISIONS.md; see {@code docs/rules/pyrinoes.md}. */
public final class PyrinoesRules implements Rules<PyrinoesState, PyrinoesMove> {

    /** A match ends after this many rounds whatever the scores (DECISIONS 8). */
    public static final int ROUND_CAP = 50;
    /** The redacted notation a seat sees for a domino dealt or drawn into the other hand. */
    public static final String HIDDEN_DEAL = "deal:?";
    static final int HAND_SIZE = 9;

    private static final PyrinoesState INITIAL = PyrinoesState.initial();
    private static final List<PyrinoesMove> ONLY_DRAW = List.of(PyrinoesMove.DRAW);
    private static final List<PyrinoesMove> ONLY_PASS = List.of(PyrinoesMove.PASS);
    /** The chance outcomes, shared: by the number of dominoes to choose from, then by domino. */
    private static final ChanceOutcome<PyrinoesMove>[][] DEAL_OUTCOMES = outcomeTable(false);
    private static final ChanceOutcome<PyrinoesMove>[][] PICK_OUTCOMES = outcomeTable(true);

    /** The pyramids a form of a colour takes, by colour and form; and a green of each size, by size. */
    private static final long[][] FORM_USE = new long[5][Pieces.FORMS.length];
    static final long[] GREEN_USE = new long[4];

    static {
        for (int colour = 0; colour < 5; colour++) {
            for (int form = 0; form < Pieces.FORMS.length; form++) {
                for (char letter : Pieces.FORMS[form].toCharArray()) {
                    FORM_USE[colour][form] += 1L << (3 * Pieces.field(colour, Pieces.SIZE_LETTERS.indexOf(letter) + 1));
                }
            }
        }
        for (int size = 1; size <= 3; size++) {
            GREEN_USE[size] = 1L << (3 * Pieces.field(Pieces.GREEN, size));
        }
    }

    @SuppressWarnings("unchecked")
    private static ChanceOutcome<PyrinoesMove>[][] outcomeTable(boolean pick) {
        ChanceOutcome<PyrinoesMove>[][] table = new ChanceOutcome[Pieces.DOMINOES + 1][];
        for (int size = 1; size <= Pieces.DOMINOES; size++) {
            double probability = 1.0 / size;
            table[size] = new ChanceOutcome[Pieces.DOMINOES];
            for (int domino = 0; domino < Pieces.DOMINOES; domino++) {
                table[size][domino] = new ChanceOutcome<>(pick ? PyrinoesMove.pick(domino) : PyrinoesMove.deal(domino),
                        probability);
            }
        }
        return table;
    }

    private final Game game;
    private final GameSetup setup;
    private final int target;

    PyrinoesRules(Game game, GameSetup setup, int target) {
        this.game = game;
        this.setup = setup;
        this.target = target;
    }

    @Override
    public Game game() {
        return game;
    }

    @Override
    public GameSetup setup() {
        return setup;
    }

    /** The winning threshold: the first to reach it (and be ahead) wins the match. */
    public int target() {
        return target;
    }

    /**
     * The seat that starts the round being played: the weight draw's winner in round 1, then the
     * seat that went second in the round before; {@link State#CHANCE} until the weight draw decides.
     */
    @Override
    public int starter(PyrinoesState state) {
        return state.starter() < 0 ? State.CHANCE : state.starter();
    }

    @Override
    public PyrinoesState initialState() {
        return INITIAL;
    }

    /**
     * Plays first: dominoes in domino order, then built pyrinoes in type order, each to the left
     * end before the right; then builds in type order. When there is neither, the one move is
     * {@code draw}, or {@code pass} once the boneyard is empty.
     */
    @Override
    public List<PyrinoesMove> legalMoves(PyrinoesState state) {
        if (state.phase != Phase.PLAY) {
            return List.of();
        }
        int seat = state.mover;
        int left = state.leftEnd;
        int right = state.rightEnd;
        int playable = state.hand(seat) & (Pieces.SHOWING[left] | Pieces.SHOWING[right]);
        int[] pyrinoes = state.pyrinoes(seat);
        long supply = state.pyramids;
        // A type is a form of each of the seat's colours, or a green and a form of one of them: it
        // can be built when each of its parts can (they take pyramids from different fields).
        int first = formsHeld(supply, Pieces.SEAT_COLOURS[seat][0]);
        int second = formsHeld(supply, Pieces.SEAT_COLOURS[seat][1]);
        int greens = 0;
        for (int green = 1; green <= 3; green++) {
            if (Pieces.holds(supply, GREEN_USE[green])) {
                greens |= 1 << green;
            }
        }
        int builds = Integer.bitCount(first) * Integer.bitCount(second)
                + Integer.bitCount(greens) * (Integer.bitCount(first) + Integer.bitCount(second));
        // Room for every play of the hand and the pyrinoes at both ends; the builds are read lazily.
        PyrinoesMove[] moves = new PyrinoesMove[2 * Integer.bitCount(playable) + 2 * pyrinoes.length];
        int count = 0;
        for (int rest = playable; rest != 0; rest &= rest - 1) {
            int domino = Integer.numberOfTrailingZeros(rest);
            if ((Pieces.SHOWING[left] >>> domino & 1) != 0) {
                moves[count++] = PyrinoesMove.playDomino(domino, PyrinoesMove.LEFT);
            }
            if ((Pieces.SHOWING[right] >>> domino & 1) != 0) {
                moves[count++] = PyrinoesMove.playDomino(domino, PyrinoesMove.RIGHT);
            }
        }
        int previous = -1;
        for (int type : pyrinoes) {
            if (type == previous) {
                continue;
            }
            previous = type;
            if (Pieces.END_A[type] == left || Pieces.END_B[type] == left) {
                moves[count++] = PyrinoesMove.playPyrino(type, PyrinoesMove.LEFT);
            }
            if (Pieces.END_A[type] == right || Pieces.END_B[type] == right) {
                moves[count++] = PyrinoesMove.playPyrino(type, PyrinoesMove.RIGHT);
            }
        }
        if (count + builds == 0) {
            return state.boneyard != 0 ? ONLY_DRAW : ONLY_PASS;
        }
        if (builds == 0) {
            return MoveLists.of(moves, count);
        }
        return new MoveList(moves, count, seat * Pieces.TYPES_PER_SEAT, first, second, greens, builds);
    }

    /** The forms (bit per form of {@link Pieces#FORMS}) of a colour a supply holds the pyramids for. */
    static int formsHeld(long supply, int colour) {
        int forms = 0;
        for (int form = 0; form < Pieces.FORMS.length; form++) {
            if (Pieces.holds(supply, FORM_USE[colour][form])) {
                forms |= 1 << form;
            }
        }
        return forms;
    }

    /** Every undealt domino (or every domino a pick may take) with equal probability, in domino order. */
    @Override
    public List<ChanceOutcome<PyrinoesMove>> chanceOutcomes(PyrinoesState state) {
        int pool;
        boolean pick = state.phase == Phase.WEIGHT_DRAW;
        if (pick) {
            pool = secondPick(state) ? Pieces.ALL_DOMINOES & ~(1 << state.pick0) : Pieces.ALL_DOMINOES;
        } else if (state.phase == Phase.DEAL || state.phase == Phase.DRAW) {
            pool = state.boneyard;
        } else {
            return List.of();
        }
        return new ChanceList(pool, (pick ? PICK_OUTCOMES : DEAL_OUTCOMES)[Integer.bitCount(pool)]);
    }

    private static boolean secondPick(PyrinoesState state) {
        return state.pick0 >= 0 && state.pick1 < 0;
    }

    @Override
    public Legality check(PyrinoesState state, PyrinoesMove move) {
        switch (state.phase) {
            case OVER:
                return new Legality(Legality.Reason.GAME_OVER, "the match is over");
            case WEIGHT_DRAW:
                if (move.kind() != Kind.PICK) {
                    return new Legality(Legality.Reason.NOT_YOUR_TURN, "chance is picking dominoes for the weight draw");
                }
                if (secondPick(state) && move.piece() == state.pick0) {
                    return Legality.violation("fire holds " + Pieces.DOMINO_NAMES[state.pick0]
                            + ": ice picks from the other 27 dominoes");
                }
                return Legality.LEGAL;
            case DEAL:
            case DRAW:
                if (move.kind() != Kind.DEAL) {
                    return new Legality(Legality.Reason.NOT_YOUR_TURN, "chance is dealing a domino");
                }
                if ((state.boneyard >>> move.piece() & 1) == 0) {
                    return Legality.violation(Pieces.DOMINO_NAMES[move.piece()] + " has already been dealt");
                }
                return Legality.LEGAL;
            default:
                return checkTurn(state, move);
        }
    }

    private Legality checkTurn(PyrinoesState state, PyrinoesMove move) {
        int seat = state.mover;
        switch (move.kind()) {
            case PICK:
            case DEAL:
                return new Legality(Legality.Reason.NOT_YOUR_TURN,
                        "it is " + Pieces.SEAT_NAMES[seat] + "'s turn, not chance's");
            case PLAY: {
                int piece = move.piece();
                int a;
                int b;
                if (piece < Pieces.DOMINOES) {
                    if ((state.hand(seat) >>> piece & 1) == 0) {
                        return Legality.violation(Pieces.DOMINO_NAMES[piece] + " is not in your hand");
                    }
                    a = Pieces.LOW[piece];
                    b = Pieces.HIGH[piece];
                } else {
                    int type = piece - Pieces.DOMINOES;
                    if (Arrays.binarySearch(state.pyrinoes(seat), type) < 0) {
                        return Legality.violation("you hold no built " + Pieces.TYPE_NAMES[type] + " pyrino");
                    }
                    a = Pieces.END_A[type];
                    b = Pieces.END_B[type];
                }
                int open = move.side() == PyrinoesMove.LEFT ? state.leftEnd : state.rightEnd;
                if (a != open && b != open) {
                    return Legality.violation(PyrinoesMove.pieceName(piece) + " does not match the "
                            + (move.side() == PyrinoesMove.LEFT ? "left" : "right") + " open end (" + open + ")");
                }
                return Legality.LEGAL;
            }
            case BUILD: {
                int type = move.piece();
                if (Pieces.seatOf(type) != seat) {
                    return Legality.violation(Pieces.SEAT_NAMES[seat] + " builds only with "
                            + Pieces.COLOUR_NAMES[Pieces.SEAT_COLOURS[seat][0]] + ", "
                            + Pieces.COLOUR_NAMES[Pieces.SEAT_COLOURS[seat][1]] + " and green pyramids");
                }
                if (!Pieces.holds(state.pyramids, Pieces.USE[type])) {
                    return Legality.violation("the supply lacks the pyramids for " + Pieces.TYPE_NAMES[type]);
                }
                return Legality.LEGAL;
            }
            default: {
                if (canPlay(state, seat)) {
                    return Legality.violation("a player who can play a piece may not " + move.notation());
                }
                if (canBuild(state.pyramids, seat)) {
                    return Legality.violation("a player who cannot play must build a pyrino if they can");
                }
                if (move.kind() == Kind.DRAW && state.boneyard == 0) {
                    return Legality.violation("the boneyard is empty: pass instead");
                }
                if (move.kind() == Kind.PASS && state.boneyard != 0) {
                    return Legality.violation("passing is allowed only once the boneyard is empty: draw instead");
                }
                return Legality.LEGAL;
            }
        }
    }

    /** True when a seat holds a domino or built pyrino matching an open end. */
    static boolean canPlay(PyrinoesState state, int seat) {
        int left = state.leftEnd;
        int right = state.rightEnd;
        if ((state.hand(seat) & (Pieces.SHOWING[left] | Pieces.SHOWING[right])) != 0) {
            return true;
        }
        for (int type : state.pyrinoes(seat)) {
            int a = Pieces.END_A[type];
            int b = Pieces.END_B[type];
            if (a == left || a == right || b == left || b == right) {
                return true;
            }
        }
        return false;
    }

    /**
     * True when a seat can build some pyrino: one pyramid of each of its colours, or one of either
     * with a green.
     */
    static boolean canBuild(long pyramids, int seat) {
        boolean first = hasColour(pyramids, Pieces.SEAT_COLOURS[seat][0]);
        boolean second = hasColour(pyramids, Pieces.SEAT_COLOURS[seat][1]);
        return first && second || (first || second) && hasColour(pyramids, Pieces.GREEN);
    }

    private static boolean hasColour(long pyramids, int colour) {
        return (pyramids >>> (9 * colour) & 0x1FF) != 0;
    }

    @Override
    public PyrinoesState apply(PyrinoesState state, PyrinoesMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        Draft d = new Draft(state);
        int bit = 1 << move.piece();
        switch (state.phase) {
            case WEIGHT_DRAW -> pick(d, state, move.piece());
            case DEAL -> deal(d, state, move.piece());
            case DRAW -> {
                d.setHand(state.mover, state.hand(state.mover) | bit);
                d.boneyard &= ~bit;
                d.phase = Phase.PLAY;
                endTurn(d, state.mover, false);
            }
            default -> {
                int seat = state.mover;
                switch (move.kind()) {
                    case PLAY -> {
                        play(d, seat, move);
                        endTurn(d, seat, false);
                    }
                    case BUILD -> {
                        d.pyramids -= Pieces.USE[move.piece()];
                        d.setPyrinoes(seat, inserted(d.pyrinoes(seat), move.piece()));
                        endTurn(d, seat, false);
                    }
                    case DRAW -> d.phase = Phase.DRAW;
                    default -> endTurn(d, seat, true);
                }
            }
        }
        return d.freeze();
    }

    /**
     * The random playout on a scratch position ({@link PyrinoesPlayout}): no state, move list, move
     * or outcome list per action; the k-th legal move found in the list's order without listing it,
     * chance outcomes sampled from the pool as {@code Chance.sample} samples their list. With {@code
     * stop}, a state is made for each test, sharing the arrays (line, pyrinoes, rounds) that did not
     * change since the previous one.
     */
    @Override
    public PyrinoesState randomPlayout(PyrinoesState state, RandomGenerator rng, int maxActions,
                                       Predicate<? super PyrinoesState> stop) {
        return new PyrinoesPlayout(target).play(state, rng, maxActions, stop);
    }

    /**
     * A stop for {@link #randomPlayout}: true for a position in another round than {@code start}'s,
     * so that a playout ends with the round (as a search that scores rounds wants). It is the
     * predicate {@code s -> s.round() != start.round()}, but the playout checks it on its own
     * position as it plays, instead of making a position after every action to show it.
     */
    public static Predicate<State> roundOver(PyrinoesState start) {
        return new RoundOver(start.round());
    }

    /** {@link #roundOver}'s stop: the round it stops after. */
    record RoundOver(int round) implements Predicate<State> {
        @Override
        public boolean test(State state) {
            return ((PyrinoesState) state).round() != round;
        }
    }

    /** A weight-draw pick: fire picks, then ice; the heavier starts, a tie draws again (DECISIONS 3). */
    private static void pick(Draft d, PyrinoesState state, int domino) {
        if (!secondPick(state)) {
            d.pick0 = domino;
            d.pick1 = -1;
            return;
        }
        d.pick1 = domino;
        int fire = Pieces.weight(state.pick0);
        int ice = Pieces.weight(domino);
        if (fire != ice) {
            d.starter = fire > ice ? 0 : 1;
            d.phase = Phase.DEAL;
        }
    }

    /** Deals the 9 dominoes of fire's hand, then ice's 9, then the start of the line. */
    private static void deal(Draft d, PyrinoesState state, int domino) {
        int dealt = state.dealt();
        d.boneyard &= ~(1 << domino);
        if (dealt < HAND_SIZE) {
            d.hand0 |= 1 << domino;
        } else if (dealt < 2 * HAND_SIZE) {
            d.hand1 |= 1 << domino;
        } else {
            d.line = new int[] {domino};
            d.leftEnd = Pieces.LOW[domino];
            d.rightEnd = Pieces.HIGH[domino];
            d.phase = Phase.PLAY;
            d.mover = d.starter;
        }
    }

    private static void play(Draft d, int seat, PyrinoesMove move) {
        int piece = move.piece();
        int a;
        int b;
        if (piece < Pieces.DOMINOES) {
            a = Pieces.LOW[piece];
            b = Pieces.HIGH[piece];
            d.setHand(seat, d.hand(seat) & ~(1 << piece));
        } else {
            int type = piece - Pieces.DOMINOES;
            a = Pieces.END_A[type];
            b = Pieces.END_B[type];
            d.setPyrinoes(seat, removed(d.pyrinoes(seat), type));
            d.addGreens(seat, Pieces.GREEN_PIPS[type]);
        }
        int[] line = d.line;
        int[] next = new int[line.length + 1];
        if (move.side() == PyrinoesMove.LEFT) {
            boolean straight = b == d.leftEnd;
            next[0] = straight ? piece : piece | PyrinoesState.FLIPPED;
            System.arraycopy(line, 0, next, 1, line.length);
            d.leftEnd = straight ? a : b;
        } else {
            boolean straight = a == d.rightEnd;
            System.arraycopy(line, 0, next, 0, line.length);
            next[line.length] = straight ? piece : piece | PyrinoesState.FLIPPED;
            d.rightEnd = straight ? b : a;
        }
        d.line = next;
    }

    private static int[] inserted(int[] sorted, int type) {
        int[] next = new int[sorted.length + 1];
        int i = 0;
        while (i < sorted.length && sorted[i] < type) {
            next[i] = sorted[i];
            i++;
        }
        next[i] = type;
        System.arraycopy(sorted, i, next, i + 1, sorted.length - i);
        return next;
    }

    private static int[] removed(int[] sorted, int type) {
        int at = Arrays.binarySearch(sorted, type);
        int[] next = new int[sorted.length - 1];
        System.arraycopy(sorted, 0, next, 0, at);
        System.arraycopy(sorted, at + 1, next, at, next.length - at);
        return next;
    }

    /**
     * The end-of-round check after a seat's turn, that seat only, first condition that holds
     * (DECISIONS 6); otherwise the other seat is to move.
     */
    private void endTurn(Draft d, int seat, boolean passed) {
        int bonus = endBonus(d.hand(seat), d.pyramids, d.pyrinoes(seat), seat, passed && d.lastPassed);
        if (bonus < 0) {
            d.lastPassed = passed;
            d.mover = 1 - seat;
            return;
        }
        endRound(d, seat, bonus);
    }

    /**
     * The bonus a seat earns by ending the round after its turn, or -1 when its turn does not end
     * the round.
     *
     * @param secondPass true when the turn was a pass right after the other seat passed
     */
    static int endBonus(int hand, long pyramids, int[] pyrinoes, int seat, boolean secondPass) {
        long own = pyramids & Pieces.SEAT_FIELDS[seat];
        boolean noDominoes = hand == 0;
        boolean noPyramids = own == 0 && pyrinoes.length == 0;
        if (noDominoes && noPyramids) {
            return 10;
        }
        if (noPyramids) {
            return 5;
        }
        if (noDominoes && Integer.bitCount(coloursHeld(own, pyrinoes, seat)) == 1) {
            return 5;
        }
        return secondPass ? 0 : -1;
    }

    /** The colours (bit per colour) of every pyramid a seat holds, supply and built pyrinoes. */
    private static int coloursHeld(long own, int[] pyrinoes, int seat) {
        int colours = 0;
        for (int colour : Pieces.SEAT_COLOURS[seat]) {
            if (hasColour(own, colour)) {
                colours |= 1 << colour;
            }
        }
        for (int type : pyrinoes) {
            colours |= Pieces.COLOURS[type];
        }
        return colours;
    }

    /** A seat's hand total: weights of its dominoes plus pips of every pyramid it still holds. */
    static int handTotal(int hand, long pyramids, int[] pyrinoes, int seat) {
        int total = Pieces.pips(pyramids & Pieces.SEAT_FIELDS[seat]);
        for (int rest = hand; rest != 0; rest &= rest - 1) {
            total += Pieces.weight(Integer.numberOfTrailingZeros(rest));
        }
        for (int type : pyrinoes) {
            total += Pieces.PIPS[type];
        }
        return total;
    }

    /** Scores the round (DECISIONS 7), then starts the next one or ends the match (DECISIONS 8). */
    private void endRound(Draft d, int ender, int bonus) {
        int total0 = handTotal(d.hand0, d.pyramids, d.pyrinoes0, 0);
        int total1 = handTotal(d.hand1, d.pyramids, d.pyrinoes1, 1);
        int points0 = Math.max(0, total1 - total0) + d.greens0 + (ender == 0 ? bonus : 0);
        int points1 = Math.max(0, total0 - total1) + d.greens1 + (ender == 1 ? bonus : 0);
        d.score0 += points0;
        d.score1 += points1;
        List<PyrinoesRound> rounds = new ArrayList<>(d.rounds.size() + 1);
        rounds.addAll(d.rounds);
        rounds.add(new PyrinoesRound(d.round, List.of(total0, total1), ender, bonus, List.of(d.greens0, d.greens1),
                List.of(points0, points1)));
        d.rounds = List.copyOf(rounds);
        boolean decided = Math.max(d.score0, d.score1) >= target && d.score0 != d.score1;
        if (decided || d.round >= ROUND_CAP) {
            d.phase = Phase.OVER;
            d.mover = -1;
            return;
        }
        // The player who went second in this round starts the next (DECISIONS 3).
        d.round++;
        d.starter = 1 - d.starter;
        d.phase = Phase.DEAL;
        d.mover = -1;
        d.resetRound();
    }

    /** Higher match score first; equal scores (only possible at the round cap) are a draw. */
    @Override
    public Outcome outcome(PyrinoesState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the match is not over");
        }
        return Outcome.byHigherScore(state.score0, state.score1);
    }

    /**
     * Each seat's match points ({@link PyrinoesState#score}), which change when a round is scored:
     * the outcome's scores at the end.
     */
    @Override
    public double[] runningScore(PyrinoesState state) {
        return new double[] {state.score(0), state.score(1)};
    }

    /**
     * A match stopped by the round cap ({@link #ROUND_CAP} rounds) with neither seat alone at or above
     * the target.
     */
    @Override
    public boolean endedByCap(PyrinoesState state) {
        int high = Math.max(state.score(0), state.score(1));
        return !(high >= target && state.score(0) != state.score(1));
    }

    @Override
    public PyrinoesView view(PyrinoesState state, int seat) {
        if (seat < View.OBSERVER || seat > 1) {
            throw new IllegalArgumentException("no seat " + seat);
        }
        return PyrinoesView.of(state, seat, target);
    }

    /**
     * Keeps everything the view shows and deals the dominoes it hides (the other hand, or both for
     * the observer, and the boneyard) at random from the dominoes neither in its hand nor on the line.
     */
    @Override
    public PyrinoesState determinize(View view, RandomGenerator rng) {
        PyrinoesView v = (PyrinoesView) view;
        Draft d = new Draft();
        d.phase = v.phase();
        d.round = v.round();
        d.starter = v.starter();
        d.mover = v.mover();
        d.pick0 = v.weightDraw().isEmpty() ? -1 : Pieces.parseDomino(v.weightDraw().get(0));
        d.pick1 = v.weightDraw().size() < 2 ? -1 : Pieces.parseDomino(v.weightDraw().get(1));
        int[] line = new int[v.line().size()];
        int known = 0;
        for (int i = 0; i < line.length; i++) {
            line[i] = PyrinoesView.parseEntry(v.line().get(i));
            if ((line[i] & PyrinoesState.PIECE) < Pieces.DOMINOES) {
                known |= 1 << (line[i] & PyrinoesState.PIECE);
            }
        }
        d.line = line;
        d.leftEnd = v.leftEnd();
        d.rightEnd = v.rightEnd();
        long pyramids = 0;
        for (int field = 0; field < 15; field++) {
            pyramids |= (long) v.supply().get(field) << (3 * field);
        }
        d.pyramids = pyramids;
        for (int seat = 0; seat < 2; seat++) {
            int[] types = v.pyrinoes().get(seat).stream().mapToInt(Pieces::parseType).sorted().toArray();
            d.setPyrinoes(seat, types.length == 0 ? PyrinoesState.EMPTY : types);
        }
        d.lastPassed = v.lastPassed();
        d.greens0 = v.greensPlayed().get(0);
        d.greens1 = v.greensPlayed().get(1);
        d.score0 = v.scores().get(0);
        d.score1 = v.scores().get(1);
        d.rounds = v.rounds();
        if (v.seat() >= 0) {
            int hand = 0;
            for (String name : v.hand()) {
                hand |= 1 << Pieces.parseDomino(name);
            }
            d.setHand(v.seat(), hand);
            known |= hand;
        }
        int[] unseen = new int[Pieces.DOMINOES];
        int count = 0;
        for (int rest = Pieces.ALL_DOMINOES & ~known; rest != 0; rest &= rest - 1) {
            unseen[count++] = Integer.numberOfTrailingZeros(rest);
        }
        for (int seat = 0; seat < 2; seat++) {
            if (seat == v.seat()) {
                continue;
            }
            int hand = 0;
            for (int i = 0; i < v.handSizes().get(seat); i++) {
                int j = i + rng.nextInt(count - i);
                int domino = unseen[j];
                unseen[j] = unseen[i];
                unseen[i] = domino;
                hand |= 1 << domino;
            }
            count -= v.handSizes().get(seat);
            System.arraycopy(unseen, v.handSizes().get(seat), unseen, 0, count);
            d.setHand(seat, hand);
        }
        int boneyard = 0;
        for (int i = 0; i < count; i++) {
            boneyard |= 1 << unseen[i];
        }
        d.boneyard = boneyard;
        return d.freeze();
    }

    @Override
    public PyrinoesMove parseMove(String notation) {
        return PyrinoesMove.parse(notation);
    }

    /**
     * Every seat learns every action except the dominoes dealt or drawn into another hand: those it
     * sees as {@value #HIDDEN_DEAL}.
     */
    @Override
    public Event eventFor(PyrinoesState before, PyrinoesMove move, int seat) {
        if (move.kind() == Kind.DEAL) {
            int recipient = -1;
            if (before.phase == Phase.DRAW) {
                recipient = before.mover;
            } else if (before.phase == Phase.DEAL && before.dealt() < 2 * HAND_SIZE) {
                recipient = before.dealt() / HAND_SIZE;
            }
            if (recipient >= 0 && recipient != seat) {
                return new Event(State.CHANCE, HIDDEN_DEAL);
            }
        }
        return new Event(before.actor(), move.notation());
    }

    /** The scores of a round when the action ended it, with the match score after it. */
    @Override
    public String commentary(PyrinoesState before, PyrinoesState after) {
        List<PyrinoesRound> rounds = after.rounds();
        if (rounds.size() == before.rounds().size()) {
            return null;
        }
        return PyrinoesText.roundLine(rounds.get(rounds.size() - 1)) + "; match: fire " + after.score(0)
                + ", ice " + after.score(1);
    }

    @Override
    public String render(PyrinoesState state) {
        return PyrinoesText.render(view(state, View.OBSERVER),
                List.of(PyrinoesView.dominoNames(state.hand0), PyrinoesView.dominoNames(state.hand1)));
    }

    @Override
    public String render(View view) {
        PyrinoesView v = (PyrinoesView) view;
        List<List<String>> hands = new ArrayList<>(2);
        for (int seat = 0; seat < 2; seat++) {
            hands.add(seat == v.seat() ? v.hand() : null);
        }
        return PyrinoesText.render(v, hands);
    }
}
