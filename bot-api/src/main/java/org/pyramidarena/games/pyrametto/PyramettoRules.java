package org.pyramidarena.games.pyrametto;

import java.util.ArrayList;
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
import org.pyramidarena.games.pyrametto.PyramettoMove.Kind;
import org.pyramidarena.games.pyrametto.PyramettoState.Phase;

/** The rules of Pyrametto, as pyrametto.txt with DECISIONS.md; see {@code docs/rules/pyrametto.md}. */
public final class PyramettoRules implements Rules<PyramettoState, PyramettoMove> {

    private static final int KINDS = PyramettoState.KINDS;
    private static final List<ChanceOutcome<PyramettoMove>> DICE_OUTCOMES;
    /**
     * The running sums of the dice outcomes' probabilities, added in their order exactly as {@link
     * org.pyramidarena.api.Chance#sample} adds them: a draw {@code u} lands on the first outcome whose
     * sum exceeds it.
     */
    private static final double[] DICE_SUMS = new double[36];
    /**
     * The kinds each dice index ({@code sizeFace * 6 + colourFace}) allows, in the order of the
     * placements: by size, then colour.
     */
    private static final int[][] DICE_KINDS = new int[36][];

    static {
        List<ChanceOutcome<PyramettoMove>> outcomes = new ArrayList<>(36);
        for (int sizeFace = 0; sizeFace < 6; sizeFace++) {
            for (int colourFace = 0; colourFace < 6; colourFace++) {
                outcomes.add(new ChanceOutcome<>(PyramettoMove.dice(sizeFace, colourFace), 1.0 / 36));
            }
        }
        DICE_OUTCOMES = List.copyOf(outcomes);
        double cumulative = 0;
        for (int i = 0; i < DICE_SUMS.length; i++) {
            cumulative += DICE_OUTCOMES.get(i).probability();
            DICE_SUMS[i] = cumulative;
        }
        for (int dice = 0; dice < 36; dice++) {
            int sizes = PyramettoMove.SIZE_FACE_MASKS[dice / 6];
            int colours = colourMask(dice % 6);
            int[] kinds = new int[Integer.bitCount(sizes) * Integer.bitCount(colours)];
            int count = 0;
            for (int size = 1; size <= 3; size++) {
                for (int colour = 0; colour < 5; colour++) {
                    if ((sizes & 1 << size - 1) != 0 && (colours & 1 << colour) != 0) {
                        kinds[count++] = colour * 3 + size - 1;
                    }
                }
            }
            DICE_KINDS[dice] = kinds;
        }
    }

    /**
     * The placements at a roll when the inventory holds every kind the dice allow (so no pyramid
     * comes from a vault), shared: by dice index, then by the mask of the open stacks.
     */
    private static final List<PyramettoMove>[][] FROM_INVENTORY = fromInventory();

    @SuppressWarnings("unchecked")
    private static List<PyramettoMove>[][] fromInventory() {
        List<PyramettoMove>[][] lists = new List[36][1 << PyramettoMove.MAX_SEATS];
        for (int dice = 0; dice < 36; dice++) {
            for (int open = 0; open < lists[dice].length; open++) {
                List<PyramettoMove> moves = new ArrayList<>();
                for (int kind : DICE_KINDS[dice]) {
                    for (int stack = 0; stack < PyramettoMove.MAX_SEATS; stack++) {
                        if ((open & 1 << stack) != 0) {
                            moves.add(PyramettoMove.place(kind % 3 + 1, kind / 3, PyramettoMove.INVENTORY, stack));
                        }
                    }
                }
                lists[dice][open] = MoveLists.of(moves.toArray(new PyramettoMove[0]), moves.size());
            }
        }
        return lists;
    }

    /**
     * The dice index a draw of {@code nextDouble()} lands on, as {@link org.pyramidarena.api.Chance#sample}
     * finds it.
     */
    static int diceFor(double u) {
        if (!(u >= 0 && u < 1)) {
            // Outside a generator's range: below every sum, or above (or NaN) and so the last.
            return u < 0 ? 0 : 35;
        }
        int index = Math.min((int) (u * 36), 35);
        while (index > 0 && u < DICE_SUMS[index - 1]) {
            index--;
        }
        while (index < 36 && u >= DICE_SUMS[index]) {
            index++;
        }
        return Math.min(index, 35);
    }

    /**
     * The legal moves at a turn, shared: by the mask of the stacks that may be taken, with bit 5 set
     * when the roll is allowed; the takes by stack letter, then the roll.
     */
    private static final List<PyramettoMove>[] TURN_MOVES = turnMoves();

    @SuppressWarnings("unchecked")
    private static List<PyramettoMove>[] turnMoves() {
        List<PyramettoMove>[] lists = new List[1 << PyramettoMove.MAX_SEATS + 1];
        for (int mask = 0; mask < lists.length; mask++) {
            List<PyramettoMove> moves = new ArrayList<>(PyramettoMove.MAX_SEATS + 1);
            for (int stack = 0; stack < PyramettoMove.MAX_SEATS; stack++) {
                if ((mask & 1 << stack) != 0) {
                    moves.add(PyramettoMove.take(stack));
                }
            }
            if ((mask & 1 << PyramettoMove.MAX_SEATS) != 0) {
                moves.add(PyramettoMove.roll());
            }
            lists[mask] = MoveLists.of(moves.toArray(new PyramettoMove[0]), moves.size());
        }
        return lists;
    }

    private final Game game;
    private final GameSetup setup;
    private final int players;
    private final PyramettoState initial;
    /** Points taken from seat 0's score at the end; 0 when the setup gives no komi. */
    private final double komi;

    PyramettoRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.players = setup.players();
        this.initial = PyramettoState.initial(players);
        this.komi = setup.parameter(Pyrametto.KOMI, 0);
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
    public PyramettoState initialState() {
        return initial;
    }

    /** The seat that started the round being played (seat 0 the first). */
    @Override
    public int starter(PyramettoState state) {
        return state.starter();
    }

    /**
     * At a turn: the takes by stack letter, then the roll. At a placement: by size (S, M, L), then
     * colour (r, y, g, b, k), then source (the inventory, else the vaults by seat), then stack.
     */
    @Override
    public List<PyramettoMove> legalMoves(PyramettoState state) {
        if (state.phase() == Phase.TURN) {
            boolean forced = state.mustTakeToEnd();
            boolean room = false;
            int takes = 0;
            for (int stack = 0; stack < players; stack++) {
                if (state.isTaken(stack)) {
                    continue;
                }
                if (forced || state.height(stack) > 0) {
                    takes |= 1 << stack;
                }
                room |= state.height(stack) < PyramettoState.STACK_HEIGHT;
            }
            return TURN_MOVES[room && !forced ? takes | 1 << PyramettoMove.MAX_SEATS : takes];
        }
        if (state.phase() == Phase.PLACE) {
            int open = 0;
            for (int stack = 0; stack < players; stack++) {
                int packed = state.packedStack(stack);
                if (packed != PyramettoState.TAKEN && (packed & 3) < PyramettoState.STACK_HEIGHT) {
                    open |= 1 << stack;
                }
            }
            // The sources (kind and vault) in order, each standing for one placement per open stack:
            // the list makes its moves as they are asked for.
            int[] kinds = DICE_KINDS[state.diceIndex()];
            byte[] counts = state.countsShared();
            boolean inInventory = true;
            for (int kind : kinds) {
                inInventory &= counts[kind] > 0;
            }
            if (inInventory) {
                return FROM_INVENTORY[state.diceIndex()][open];
            }
            byte[] sources = new byte[kinds.length * players];
            int count = 0;
            for (int kind : kinds) {
                if (counts[kind] > 0) {
                    sources[count++] = (byte) (kind << 3);
                    continue;
                }
                for (int seat = 0, at = KINDS + kind; seat < players; seat++, at += KINDS) {
                    if (counts[at] > 0) {
                        sources[count++] = (byte) (kind << 3 | seat + 1);
                    }
                }
            }
            return new Placements(sources, count, open);
        }
        return List.of();
    }

    /**
     * The placements at a roll, immutable: by source (in the order of {@code sources}), then by open
     * stack; each move made when asked for.
     */
    private static final class Placements extends java.util.AbstractList<PyramettoMove>
            implements java.util.RandomAccess {

        private final byte[] sources;
        private final int count;
        private final int size;
        private final int open;
        private final int openCount;

        Placements(byte[] sources, int count, int open) {
            this.sources = sources;
            this.count = count;
            this.open = open;
            this.openCount = Integer.bitCount(open);
            this.size = count * openCount;
        }

        /**
         * Whether a move is listed, read from its fields (its source among the list's, its stack
         * among the open ones) instead of making the moves: the referee asks it of every placement
         * a bot in its JVM chooses.
         */
        @Override
        public boolean contains(Object o) {
            if (!(o instanceof PyramettoMove move) || move.kind() != PyramettoMove.Kind.PLACE) {
                return false;
            }
            int stack = move.stack();
            int size = move.size();
            int colour = move.colour();
            int from = move.from();
            if (stack < 0 || stack >= PyramettoMove.MAX_SEATS || (open >>> stack & 1) == 0 || size < 1 || size > 3
                    || colour < 0 || colour >= 5 || from < PyramettoMove.INVENTORY || from >= PyramettoMove.MAX_SEATS) {
                return false;
            }
            int source = (colour * 3 + size - 1) << 3 | from + 1;
            for (int i = 0; i < count; i++) {
                if (sources[i] == source) {
                    return PyramettoMove.place(size, colour, from, stack).equals(move);
                }
            }
            return false;
        }

        @Override
        public PyramettoMove get(int index) {
            java.util.Objects.checkIndex(index, size);
            int source = sources[index / openCount];
            int kind = source >> 3;
            return PyramettoMove.place(kind % 3 + 1, kind / 3, (source & 7) - 1, nthBit(open, index % openCount));
        }

        @Override
        public int size() {
            return size;
        }
    }

    private static int colourMask(int colourFace) {
        return colourFace == PyramettoMove.WILD ? 31 : 1 << colourFace;
    }

    /** The 36 face pairs of the size die and the colour die, each 1/36, size face first. */
    @Override
    public List<ChanceOutcome<PyramettoMove>> chanceOutcomes(PyramettoState state) {
        return state.phase() == Phase.DICE ? DICE_OUTCOMES : List.of();
    }

    @Override
    public Legality check(PyramettoState state, PyramettoMove move) {
        Phase phase = state.phase();
        if (phase == Phase.OVER) {
            return new Legality(Legality.Reason.GAME_OVER, "the game is over");
        }
        if ((move.kind() == Kind.DICE) != (phase == Phase.DICE)) {
            return new Legality(Legality.Reason.NOT_YOUR_TURN, phase == Phase.DICE
                    ? "the dice are rolling: only chance acts now" : "only chance decides how the dice land");
        }
        return switch (move.kind()) {
            case DICE -> Legality.LEGAL;
            case TAKE -> checkTake(state, move.stack());
            case ROLL -> checkRoll(state);
            case PLACE -> checkPlace(state, move);
        };
    }

    private Legality checkTake(PyramettoState state, int stack) {
        if (state.phase() != Phase.TURN) {
            return Legality.violation("after a roll the rolled pyramid must be placed");
        }
        if (stack >= players) {
            return Legality.violation("there is no stack " + PyramettoMove.stackName(stack) + " with " + players + " players");
        }
        if (state.isTaken(stack)) {
            return Legality.violation("stack " + PyramettoMove.stackName(stack) + " was already taken this round");
        }
        if (state.height(stack) == 0 && !state.mustTakeToEnd()) {
            return Legality.violation("an empty stack may not be taken");
        }
        return Legality.LEGAL;
    }

    private Legality checkRoll(PyramettoState state) {
        if (state.phase() != Phase.TURN) {
            return Legality.violation("the dice were already rolled: place the pyramid");
        }
        if (state.mustTakeToEnd()) {
            return Legality.violation("the game is ending: every player still in the round must take a stack");
        }
        if (!anyRoom(state)) {
            return Legality.violation("every stack is full: a stack must be taken");
        }
        return Legality.LEGAL;
    }

    private Legality checkPlace(PyramettoState state, PyramettoMove move) {
        if (state.phase() != Phase.PLACE) {
            return Legality.violation("a pyramid is placed only after a roll");
        }
        if ((PyramettoMove.SIZE_FACE_MASKS[state.sizeFace()] & 1 << move.size() - 1) == 0) {
            return Legality.violation("the size die does not allow that size");
        }
        if ((colourMask(state.colourFace()) & 1 << move.colour()) == 0) {
            return Legality.violation("the colour die does not allow that colour");
        }
        int kind = move.pyramid();
        if (move.from() == PyramettoMove.INVENTORY) {
            if (state.inventory(kind) == 0) {
                return Legality.violation("the inventory has no " + describe(kind) + ": take one from a vault");
            }
        } else if (move.from() >= players) {
            return Legality.violation("there is no seat " + move.from() + " with " + players + " players");
        } else if (state.inventory(kind) > 0) {
            return Legality.violation("a pyramid is taken from a vault only when the inventory has none");
        } else if (state.vault(move.from(), kind) == 0) {
            return Legality.violation("seat " + move.from() + "'s vault has no " + describe(kind));
        }
        int stack = move.stack();
        if (stack >= players) {
            return Legality.violation("there is no stack " + PyramettoMove.stackName(stack) + " with " + players + " players");
        }
        if (state.isTaken(stack)) {
            return Legality.violation("stack " + PyramettoMove.stackName(stack) + " was already taken this round");
        }
        if (state.height(stack) >= PyramettoState.STACK_HEIGHT) {
            return Legality.violation("stack " + PyramettoMove.stackName(stack) + " is full: it holds 3 pyramids");
        }
        return Legality.LEGAL;
    }

    private boolean anyRoom(PyramettoState state) {
        for (int stack = 0; stack < players; stack++) {
            if (!state.isTaken(stack) && state.height(stack) < PyramettoState.STACK_HEIGHT) {
                return true;
            }
        }
        return false;
    }

    static String describe(int kind) {
        return new String[] {"small", "medium", "large"}[kind % 3] + " " + PyramettoMove.COLOUR_NAMES[kind / 3];
    }

    @Override
    public PyramettoState apply(PyramettoState state, PyramettoMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        return switch (move.kind()) {
            case ROLL -> with(state, state.countsShared(), state.stacksShared(), state.inRoundMask(), state.starter(),
                    state.mover(), Phase.DICE, -1, state.isEndTriggered(), state.freeTurnMask(), state.turns(),
                    state.round());
            case DICE -> landDice(state, move);
            case TAKE -> take(state, move.stack());
            case PLACE -> place(state, move);
        };
    }

    /** DECISIONS 4: when nothing the faces allow exists outside the stacks, the dice are rolled again. */
    private PyramettoState landDice(PyramettoState state, PyramettoMove dice) {
        if (!canSupply(state, dice.sizeFace(), dice.colourFace())) {
            return state;
        }
        // The position is immutable, so the new one shares its arrays.
        return with(state, state.countsShared(), state.stacksShared(), state.inRoundMask(), state.starter(),
                state.mover(), Phase.PLACE, dice.sizeFace() * 6 + dice.colourFace(), state.isEndTriggered(),
                state.freeTurnMask(), state.turns(), state.round());
    }

    /** True when some pyramid the faces allow is in the inventory or in a vault. */
    boolean canSupply(PyramettoState state, int sizeFace, int colourFace) {
        return canSupply(state.countsShared(), sizeFace * 6 + colourFace);
    }

    private PyramettoState take(PyramettoState state, int stack) {
        int seat = state.mover();
        int packed = state.packedStack(stack);
        // An empty stack (taken when the game is ending) leaves the counts as they were: shared.
        byte[] counts = packed == 0 ? state.countsShared() : state.countsCopy();
        for (int index = 0, vault = (seat + 1) * KINDS; index < (packed & 3); index++) {
            counts[vault + (packed >> 2 + 4 * index & 15)]++;
        }
        int inRound = state.inRoundMask() & ~(1 << seat);
        int freeTurns = state.freeTurnMask() & ~(1 << seat);
        int turns = state.turns() + 1;
        if (inRound == 0 && !state.isEndTriggered() && turns < PyramettoState.TURN_CAP) {
            // DECISIONS 2: a new round of empty stacks, started by the player who took the last stack.
            return new PyramettoState(players, counts, new int[players], (1 << players) - 1, seat, seat, Phase.TURN,
                    -1, false, 0, turns, state.round() + 1);
        }
        int[] stacks = state.stacksCopy();
        stacks[stack] = PyramettoState.TAKEN;
        if (inRound == 0) {
            return over(state, counts, stacks, inRound, freeTurns, turns);
        }
        if (turns >= PyramettoState.TURN_CAP) {
            return over(state, counts, stacks, inRound, freeTurns, turns);
        }
        return with(state, counts, stacks, inRound, state.starter(), nextInRound(seat, inRound), Phase.TURN, -1,
                state.isEndTriggered(), freeTurns, turns, state.round());
    }

    private PyramettoState place(PyramettoState state, PyramettoMove move) {
        int seat = state.mover();
        int kind = move.pyramid();
        byte[] counts = state.countsCopy();
        int[] stacks = state.stacksCopy();
        counts[(move.from() + 1) * KINDS + kind]--;
        int height = stacks[move.stack()] & 3;
        stacks[move.stack()] = (stacks[move.stack()] | kind << 2 + 4 * height) + 1;
        int turns = state.turns() + 1;
        boolean triggered = state.isEndTriggered();
        int freeTurns = state.freeTurnMask();
        if (!triggered && move.from() == PyramettoMove.INVENTORY && colourRunOut(counts, kind / 3)) {
            // DECISIONS 6: the seats after this one in the current pass round the table (which
            // begins with the round's starter) still have a free turn.
            triggered = true;
            freeTurns = 0;
            int position = passPosition(seat, state.starter());
            for (int other = 0; other < players; other++) {
                if ((state.inRoundMask() & 1 << other) != 0 && passPosition(other, state.starter()) > position) {
                    freeTurns |= 1 << other;
                }
            }
        } else {
            freeTurns &= ~(1 << seat);
        }
        if (turns >= PyramettoState.TURN_CAP) {
            return over(state, counts, stacks, state.inRoundMask(), freeTurns, turns);
        }
        return with(state, counts, stacks, state.inRoundMask(), state.starter(),
                nextInRound(seat, state.inRoundMask()), Phase.TURN, -1, triggered, freeTurns, turns, state.round());
    }

    /** True when the inventory holds none of two or three sizes of a colour. */
    private static boolean colourRunOut(byte[] counts, int colour) {
        int empty = 0;
        for (int size = 0; size < 3; size++) {
            if (counts[colour * 3 + size] == 0) {
                empty++;
            }
        }
        return empty >= 2;
    }

    private int passPosition(int seat, int starter) {
        return (seat - starter + players) % players;
    }

    /** The next seat after {@code seat}, round the table, that is still in the round. */
    private static int nextInRound(int seat, int inRound) {
        if (inRound == 0) {
            throw new IllegalStateException("nobody is in the round");
        }
        // The lowest seat above this one still in, else the lowest seat still in (round the table).
        int above = inRound & -(2 << seat);
        return Integer.numberOfTrailingZeros(above != 0 ? above : inRound);
    }

    private PyramettoState over(PyramettoState state, byte[] counts, int[] stacks, int inRound, int freeTurns,
                                int turns) {
        return new PyramettoState(players, counts, stacks, inRound, state.starter(), -1, Phase.OVER, -1,
                state.isEndTriggered(), freeTurns, turns, state.round());
    }

    private PyramettoState with(PyramettoState state, byte[] counts, int[] stacks, int inRound, int starter,
                                int mover, Phase phase, int dice, boolean triggered, int freeTurns, int turns,
                                int round) {
        return new PyramettoState(state.players(), counts, stacks, inRound, starter, mover, phase, dice, triggered,
                freeTurns, turns, round);
    }

    /**
     * Scores by the best split of each vault, a komi taken from seat 0's score first; higher wins,
     * equal scores tie.
     */
    @Override
    public Outcome outcome(PyramettoState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        // Outcome.byHigherScore's ranking (one more than the seats scoring strictly higher), built
        // straight into the lists: no streams of boxed values on the way.
        double[] scores = new double[players];
        for (int seat = 0; seat < players; seat++) {
            scores[seat] = state.score(seat);
        }
        scores[0] -= komi;
        Integer[] ranks = new Integer[players];
        Double[] values = new Double[players];
        for (int seat = 0; seat < players; seat++) {
            int better = 0;
            for (double other : scores) {
                better += other > scores[seat] ? 1 : 0;
            }
            ranks[seat] = better + 1;
            values[seat] = scores[seat];
        }
        return new Outcome(List.of(ranks), List.of(values));
    }

    /**
     * Each seat's score under the best split of its vault ({@link PyramettoState#score}), seat 0's
     * less the komi: the outcome's scores at the end. The best split is a search over the vault, made
     * on each call.
     */
    @Override
    public double[] runningScore(PyramettoState state) {
        double[] scores = new double[players];
        for (int seat = 0; seat < players; seat++) {
            scores[seat] = state.score(seat);
        }
        scores[0] -= komi;
        return scores;
    }

    /** A game stopped at {@link PyramettoState#TURN_CAP} turns. */
    @Override
    public boolean endedByCap(PyramettoState state) {
        return state.turns() >= PyramettoState.TURN_CAP;
    }

    /**
     * The contract's loop played on a scratch position: the kind counts and stacks copied once and
     * changed in place, the k-th legal move found without listing the others, the dice found from
     * the one draw by the running sums of their probabilities, and one state built at the end (and
     * one for each test of {@code stop}, when there is one).
     */
    @Override
    public PyramettoState randomPlayout(PyramettoState state, RandomGenerator rng, int maxActions,
                                        Predicate<? super PyramettoState> stop) {
        if (state.isTerminal() || maxActions <= 0 || stop != null && stop.test(state)) {
            return state;
        }
        byte[] counts = state.countsCopy();
        int[] stacks = state.stacksCopy();
        int inRound = state.inRoundMask();
        int starter = state.starter();
        int mover = state.mover();
        Phase phase = state.phase();
        int dice = state.diceIndex();
        boolean triggered = state.isEndTriggered();
        int freeTurns = state.freeTurnMask();
        int turns = state.turns();
        int round = state.round();
        int all = (1 << players) - 1;
        for (int actions = 0; ; ) {
            if (phase == Phase.DICE) {
                int landed = diceFor(rng.nextDouble());
                if (canSupply(counts, landed)) {
                    phase = Phase.PLACE;
                    dice = landed;
                }
            } else if (phase == Phase.TURN) {
                boolean forced = triggered && (freeTurns & 1 << mover) == 0;
                int takes = 0;
                boolean room = false;
                for (int stack = 0; stack < players; stack++) {
                    int packed = stacks[stack];
                    if (packed == PyramettoState.TAKEN) {
                        continue;
                    }
                    if (forced || packed != 0) {
                        takes |= 1 << stack;
                    }
                    room |= (packed & 3) < PyramettoState.STACK_HEIGHT;
                }
                int choice = rng.nextInt(Integer.bitCount(takes) + (room && !forced ? 1 : 0));
                if (choice == Integer.bitCount(takes)) {
                    phase = Phase.DICE;
                } else {
                    int stack = nthBit(takes, choice);
                    int packed = stacks[stack];
                    int vault = (mover + 1) * KINDS;
                    for (int index = 0; index < (packed & 3); index++) {
                        counts[vault + (packed >> 2 + 4 * index & 15)]++;
                    }
                    stacks[stack] = PyramettoState.TAKEN;
                    inRound &= ~(1 << mover);
                    freeTurns &= ~(1 << mover);
                    turns++;
                    if (inRound == 0 && !triggered && turns < PyramettoState.TURN_CAP) {
                        java.util.Arrays.fill(stacks, 0);
                        inRound = all;
                        starter = mover;
                        freeTurns = 0;
                        round++;
                    } else if (inRound == 0 || turns >= PyramettoState.TURN_CAP) {
                        mover = -1;
                        phase = Phase.OVER;
                    } else {
                        mover = nextInRound(mover, inRound);
                    }
                }
            } else {
                int[] kinds = DICE_KINDS[dice];
                int open = 0;
                for (int stack = 0; stack < players; stack++) {
                    int packed = stacks[stack];
                    if (packed != PyramettoState.TAKEN && (packed & 3) < PyramettoState.STACK_HEIGHT) {
                        open |= 1 << stack;
                    }
                }
                int openCount = Integer.bitCount(open);
                int sources = 0;
                for (int kind : kinds) {
                    if (counts[kind] > 0) {
                        sources++;
                    } else {
                        for (int seat = 0, vault = KINDS + kind; seat < players; seat++, vault += KINDS) {
                            sources += counts[vault] > 0 ? 1 : 0;
                        }
                    }
                }
                int choice = rng.nextInt(sources * openCount);
                int source = choice / openCount;
                int stack = nthBit(open, choice - source * openCount);
                int kind = -1;
                int from = PyramettoMove.INVENTORY;
                for (int i = 0; kind < 0; i++) {
                    int candidate = kinds[i];
                    if (counts[candidate] > 0) {
                        if (source-- == 0) {
                            kind = candidate;
                        }
                    } else {
                        for (int seat = 0; seat < players && kind < 0; seat++) {
                            if (counts[(seat + 1) * KINDS + candidate] > 0 && source-- == 0) {
                                kind = candidate;
                                from = seat;
                            }
                        }
                    }
                }
                counts[(from + 1) * KINDS + kind]--;
                int height = stacks[stack] & 3;
                stacks[stack] = (stacks[stack] | kind << 2 + 4 * height) + 1;
                turns++;
                boolean wasTriggered = triggered;
                if (!triggered && from == PyramettoMove.INVENTORY && colourRunOut(counts, kind / 3)) {
                    triggered = true;
                    freeTurns = 0;
                    int position = passPosition(mover, starter);
                    for (int other = 0; other < players; other++) {
                        if ((inRound & 1 << other) != 0 && passPosition(other, starter) > position) {
                            freeTurns |= 1 << other;
                        }
                    }
                } else {
                    freeTurns &= ~(1 << mover);
                }
                dice = -1;
                if (turns >= PyramettoState.TURN_CAP) {
                    // As place() ends the game at the cap: with the end as it stood before this placement.
                    triggered = wasTriggered;
                    mover = -1;
                    phase = Phase.OVER;
                } else {
                    mover = nextInRound(mover, inRound);
                    phase = Phase.TURN;
                }
            }
            actions++;
            if (phase == Phase.OVER || actions >= maxActions) {
                return new PyramettoState(players, counts, stacks, inRound, starter, mover, phase, dice, triggered,
                        freeTurns, turns, round);
            }
            if (stop != null) {
                PyramettoState now = new PyramettoState(players, counts.clone(), stacks.clone(), inRound, starter,
                        mover, phase, dice, triggered, freeTurns, turns, round);
                if (stop.test(now)) {
                    return now;
                }
            }
        }
    }

    /** The {@code n}-th (from 0) set bit of {@code mask}. */
    private static int nthBit(int mask, int n) {
        for (int i = 0; i < n; i++) {
            mask &= mask - 1;
        }
        return Integer.numberOfTrailingZeros(mask);
    }

    /** True when some pyramid the dice allow is in the inventory or in a vault, in the counts of a position. */
    private boolean canSupply(byte[] counts, int dice) {
        for (int kind : DICE_KINDS[dice]) {
            for (int at = kind; at < (players + 1) * KINDS; at += KINDS) {
                if (counts[at] > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    @Override
    public PyramettoView view(PyramettoState state, int seat) {
        return PyramettoView.of(state, seat);
    }

    @Override
    public PyramettoState determinize(View view, RandomGenerator rng) {
        return ((PyramettoView) view).toState();
    }

    @Override
    public PyramettoMove parseMove(String notation) {
        return PyramettoMove.parse(notation);
    }

    @Override
    public String render(PyramettoState state) {
        StringBuilder out = new StringBuilder();
        out.append("Pyrametto, ").append(players).append(" players, round ").append(state.round())
                .append(", ").append(state.turns()).append(" of ").append(PyramettoState.TURN_CAP)
                .append(" turns\nstacks:");
        for (int stack = 0; stack < players; stack++) {
            out.append("  ").append(PyramettoMove.stackName(stack)).append(' ');
            if (state.isTaken(stack)) {
                out.append("(taken)");
                continue;
            }
            out.append('[');
            for (int index = 0; index < state.height(stack); index++) {
                out.append(index > 0 ? " " : "").append(PyramettoMove.pyramidName(state.pyramid(stack, index)));
            }
            out.append(']');
        }
        out.append('\n').append(" ".repeat(12));
        for (String colour : PyramettoMove.COLOUR_NAMES) {
            out.append(String.format(" %-7s", colour));
        }
        out.append('\n').append(" ".repeat(12)).append(" S M L  ".repeat(5)).append('\n');
        out.append(String.format("%-12s", "inventory"));
        appendCounts(out, state, -1);
        out.append('\n');
        for (int seat = 0; seat < players; seat++) {
            out.append(String.format("%-12s", "seat " + seat + (state.isInRound(seat) ? "" : " out")));
            appendCounts(out, state, seat);
            PyramettoScoring.Split split = PyramettoScoring.bestSplit(state.vault(seat));
            out.append(" score ").append(split.score()).append(" (").append(split.solid()).append(" solid, ")
                    .append(split.mixed()).append(" mixed, ").append(split.leftovers()).append(" left over)\n");
        }
        if (state.isEndTriggered()) {
            out.append("last round: an inventory colour ran out of two sizes");
            if (state.freeTurnMask() != 0) {
                out.append("; free turns left for seats");
                for (int seat = 0; seat < players; seat++) {
                    if (state.hasFreeTurn(seat)) {
                        out.append(' ').append(seat);
                    }
                }
            }
            out.append('\n');
        }
        switch (state.phase()) {
            case TURN -> out.append("seat ").append(state.mover())
                    .append(state.mustTakeToEnd() ? " must take a stack" : " to take a stack or roll");
            case DICE -> out.append("seat ").append(state.mover()).append(" rolls the dice");
            case PLACE -> out.append("seat ").append(state.mover()).append(" rolled ")
                    .append(PyramettoMove.dice(state.sizeFace(), state.colourFace()).notation())
                    .append(" and places a pyramid");
            case OVER -> out.append("game over");
        }
        StringBuilder trimmed = new StringBuilder(out.length());
        out.toString().lines().forEach(line -> trimmed.append(line.stripTrailing()).append('\n'));
        return trimmed.toString();
    }

    /** Counts by colour then size, each colour in an 8-wide column: " 5 0 1  ". */
    private static void appendCounts(StringBuilder out, PyramettoState state, int seat) {
        for (int colour = 0; colour < 5; colour++) {
            for (int size = 0; size < 3; size++) {
                int kind = colour * 3 + size;
                out.append(' ').append(seat < 0 ? state.inventory(kind) : state.vault(seat, kind));
            }
            out.append("  ");
        }
    }

    @Override
    public String render(View view) {
        return render(((PyramettoView) view).toState());
    }
}
