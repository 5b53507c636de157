package org.pyramidarena.games.pyrametto.oracle;

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
import org.pyramidarena.games.pyrametto.oracle.OracleMove.Kind;
import org.pyramidarena.games.pyrametto.oracle.OracleState.Phase;

/** The rules of Pyrametto, as pyrametto.txt with DECISIONS.md; see {@code docs/rules/pyrametto.md}. */
public final class OracleRules implements Rules<OracleState, OracleMove> {

    private static final int KINDS = OracleState.KINDS;
    private static final List<ChanceOutcome<OracleMove>> DICE_OUTCOMES;

    static {
        List<ChanceOutcome<OracleMove>> outcomes = new ArrayList<>(36);
        for (int sizeFace = 0; sizeFace < 6; sizeFace++) {
            for (int colourFace = 0; colourFace < 6; colourFace++) {
                outcomes.add(new ChanceOutcome<>(OracleMove.dice(sizeFace, colourFace), 1.0 / 36));
            }
        }
        DICE_OUTCOMES = List.copyOf(outcomes);
    }

    private final Game game;
    private final GameSetup setup;
    private final int players;
    private final OracleState initial;

    OracleRules(Game game, GameSetup setup) {
        this.game = game;
        this.setup = setup;
        this.players = setup.players();
        this.initial = OracleState.initial(players);
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
        return state.starter();
    }

    @Override
    public OracleState initialState() {
        return initial;
    }

    /**
     * At a turn: the takes by stack letter, then the roll. At a placement: by size (S, M, L), then
     * colour (r, y, g, b, k), then source (the inventory, else the vaults by seat), then stack.
     */
    @Override
    public List<OracleMove> legalMoves(OracleState state) {
        if (state.phase() == Phase.TURN) {
            List<OracleMove> moves = new ArrayList<>(players + 1);
            boolean forced = state.mustTakeToEnd();
            boolean room = false;
            for (int stack = 0; stack < players; stack++) {
                if (state.isTaken(stack)) {
                    continue;
                }
                if (forced || state.height(stack) > 0) {
                    moves.add(OracleMove.take(stack));
                }
                room |= state.height(stack) < OracleState.STACK_HEIGHT;
            }
            if (room && !forced) {
                moves.add(OracleMove.roll());
            }
            return Collections.unmodifiableList(moves);
        }
        if (state.phase() == Phase.PLACE) {
            List<OracleMove> moves = new ArrayList<>();
            int sizes = OracleMove.SIZE_FACE_MASKS[state.sizeFace()];
            int colours = colourMask(state.colourFace());
            for (int size = 1; size <= 3; size++) {
                if ((sizes & 1 << size - 1) == 0) {
                    continue;
                }
                for (int colour = 0; colour < 5; colour++) {
                    if ((colours & 1 << colour) == 0) {
                        continue;
                    }
                    int kind = colour * 3 + size - 1;
                    for (int from = OracleMove.INVENTORY; from < players; from++) {
                        if (from == OracleMove.INVENTORY ? state.inventory(kind) == 0
                                : state.inventory(kind) > 0 || state.vault(from, kind) == 0) {
                            continue;
                        }
                        for (int stack = 0; stack < players; stack++) {
                            if (!state.isTaken(stack) && state.height(stack) < OracleState.STACK_HEIGHT) {
                                moves.add(OracleMove.place(size, colour, from, stack));
                            }
                        }
                    }
                }
            }
            return Collections.unmodifiableList(moves);
        }
        return List.of();
    }

    private static int colourMask(int colourFace) {
        return colourFace == OracleMove.WILD ? 31 : 1 << colourFace;
    }

    /** The 36 face pairs of the size die and the colour die, each 1/36, size face first. */
    @Override
    public List<ChanceOutcome<OracleMove>> chanceOutcomes(OracleState state) {
        return state.phase() == Phase.DICE ? DICE_OUTCOMES : List.of();
    }

    @Override
    public Legality check(OracleState state, OracleMove move) {
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

    private Legality checkTake(OracleState state, int stack) {
        if (state.phase() != Phase.TURN) {
            return Legality.violation("after a roll the rolled pyramid must be placed");
        }
        if (stack >= players) {
            return Legality.violation("there is no stack " + OracleMove.stackName(stack) + " with " + players + " players");
        }
        if (state.isTaken(stack)) {
            return Legality.violation("stack " + OracleMove.stackName(stack) + " was already taken this round");
        }
        if (state.height(stack) == 0 && !state.mustTakeToEnd()) {
            return Legality.violation("an empty stack may not be taken");
        }
        return Legality.LEGAL;
    }

    private Legality checkRoll(OracleState state) {
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

    private Legality checkPlace(OracleState state, OracleMove move) {
        if (state.phase() != Phase.PLACE) {
            return Legality.violation("a pyramid is placed only after a roll");
        }
        if ((OracleMove.SIZE_FACE_MASKS[state.sizeFace()] & 1 << move.size() - 1) == 0) {
            return Legality.violation("the size die does not allow that size");
        }
        if ((colourMask(state.colourFace()) & 1 << move.colour()) == 0) {
            return Legality.violation("the colour die does not allow that colour");
        }
        int kind = move.pyramid();
        if (move.from() == OracleMove.INVENTORY) {
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
            return Legality.violation("there is no stack " + OracleMove.stackName(stack) + " with " + players + " players");
        }
        if (state.isTaken(stack)) {
            return Legality.violation("stack " + OracleMove.stackName(stack) + " was already taken this round");
        }
        if (state.height(stack) >= OracleState.STACK_HEIGHT) {
            return Legality.violation("stack " + OracleMove.stackName(stack) + " is full: it holds 3 pyramids");
        }
        return Legality.LEGAL;
    }

    private boolean anyRoom(OracleState state) {
        for (int stack = 0; stack < players; stack++) {
            if (!state.isTaken(stack) && state.height(stack) < OracleState.STACK_HEIGHT) {
                return true;
            }
        }
        return false;
    }

    static String describe(int kind) {
        return new String[] {"small", "medium", "large"}[kind % 3] + " " + OracleMove.COLOUR_NAMES[kind / 3];
    }

    @Override
    public OracleState apply(OracleState state, OracleMove move) {
        Legality legality = check(state, move);
        if (!legality.isLegal()) {
            throw new IllegalArgumentException(move + " is illegal: " + legality.message());
        }
        return switch (move.kind()) {
            case ROLL -> with(state, state.countsCopy(), state.stacksCopy(), state.inRoundMask(), state.starter(),
                    state.mover(), Phase.DICE, -1, state.isEndTriggered(), state.freeTurnMask(), state.turns(),
                    state.round());
            case DICE -> landDice(state, move);
            case TAKE -> take(state, move.stack());
            case PLACE -> place(state, move);
        };
    }

    /** DECISIONS 4: when nothing the faces allow exists outside the stacks, the dice are rolled again. */
    private OracleState landDice(OracleState state, OracleMove dice) {
        if (!canSupply(state, dice.sizeFace(), dice.colourFace())) {
            return state;
        }
        return with(state, state.countsCopy(), state.stacksCopy(), state.inRoundMask(), state.starter(),
                state.mover(), Phase.PLACE, dice.sizeFace() * 6 + dice.colourFace(), state.isEndTriggered(),
                state.freeTurnMask(), state.turns(), state.round());
    }

    /** True when some pyramid the faces allow is in the inventory or in a vault. */
    boolean canSupply(OracleState state, int sizeFace, int colourFace) {
        int sizes = OracleMove.SIZE_FACE_MASKS[sizeFace];
        int colours = colourMask(colourFace);
        for (int kind = 0; kind < KINDS; kind++) {
            if ((sizes & 1 << kind % 3) == 0 || (colours & 1 << kind / 3) == 0) {
                continue;
            }
            if (state.inventory(kind) > 0) {
                return true;
            }
            for (int seat = 0; seat < players; seat++) {
                if (state.vault(seat, kind) > 0) {
                    return true;
                }
            }
        }
        return false;
    }

    private OracleState take(OracleState state, int stack) {
        int seat = state.mover();
        byte[] counts = state.countsCopy();
        int[] stacks = state.stacksCopy();
        for (int index = 0; index < state.height(stack); index++) {
            counts[(seat + 1) * KINDS + state.pyramid(stack, index)]++;
        }
        stacks[stack] = OracleState.TAKEN;
        int inRound = state.inRoundMask() & ~(1 << seat);
        int freeTurns = state.freeTurnMask() & ~(1 << seat);
        int turns = state.turns() + 1;
        if (inRound == 0) {
            if (state.isEndTriggered() || turns >= OracleState.TURN_CAP) {
                return over(state, counts, stacks, inRound, freeTurns, turns);
            }
            // DECISIONS 2: a new round of empty stacks, started by the player who took the last stack.
            return new OracleState(players, counts, new int[players], (1 << players) - 1, seat, seat, Phase.TURN,
                    -1, false, 0, turns, state.round() + 1);
        }
        if (turns >= OracleState.TURN_CAP) {
            return over(state, counts, stacks, inRound, freeTurns, turns);
        }
        return with(state, counts, stacks, inRound, state.starter(), nextInRound(seat, inRound), Phase.TURN, -1,
                state.isEndTriggered(), freeTurns, turns, state.round());
    }

    private OracleState place(OracleState state, OracleMove move) {
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
        if (!triggered && move.from() == OracleMove.INVENTORY && colourRunOut(counts, kind / 3)) {
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
        if (turns >= OracleState.TURN_CAP) {
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
    private int nextInRound(int seat, int inRound) {
        for (int step = 1; step <= players; step++) {
            int next = (seat + step) % players;
            if ((inRound & 1 << next) != 0) {
                return next;
            }
        }
        throw new IllegalStateException("nobody is in the round");
    }

    private OracleState over(OracleState state, byte[] counts, int[] stacks, int inRound, int freeTurns,
                                int turns) {
        return new OracleState(players, counts, stacks, inRound, state.starter(), -1, Phase.OVER, -1,
                state.isEndTriggered(), freeTurns, turns, state.round());
    }

    private OracleState with(OracleState state, byte[] counts, int[] stacks, int inRound, int starter,
                                int mover, Phase phase, int dice, boolean triggered, int freeTurns, int turns,
                                int round) {
        return new OracleState(state.players(), counts, stacks, inRound, starter, mover, phase, dice, triggered,
                freeTurns, turns, round);
    }

    /** Scores by the best split of each vault; higher wins, equal scores tie. */
    @Override
    public Outcome outcome(OracleState state) {
        if (!state.isTerminal()) {
            throw new IllegalStateException("the game is not over");
        }
        double[] scores = new double[players];
        for (int seat = 0; seat < players; seat++) {
            scores[seat] = state.score(seat);
        }
        return Outcome.byHigherScore(scores);
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
        StringBuilder out = new StringBuilder();
        out.append("Pyrametto, ").append(players).append(" players, round ").append(state.round())
                .append(", ").append(state.turns()).append(" of ").append(OracleState.TURN_CAP)
                .append(" turns\nstacks:");
        for (int stack = 0; stack < players; stack++) {
            out.append("  ").append(OracleMove.stackName(stack)).append(' ');
            if (state.isTaken(stack)) {
                out.append("(taken)");
                continue;
            }
            out.append('[');
            for (int index = 0; index < state.height(stack); index++) {
                out.append(index > 0 ? " " : "").append(OracleMove.pyramidName(state.pyramid(stack, index)));
            }
            out.append(']');
        }
        out.append('\n').append(" ".repeat(12));
        for (String colour : OracleMove.COLOUR_NAMES) {
            out.append(String.format(" %-7s", colour));
        }
        out.append('\n').append(" ".repeat(12)).append(" S M L  ".repeat(5)).append('\n');
        out.append(String.format("%-12s", "inventory"));
        appendCounts(out, state, -1);
        out.append('\n');
        for (int seat = 0; seat < players; seat++) {
            out.append(String.format("%-12s", "seat " + seat + (state.isInRound(seat) ? "" : " out")));
            appendCounts(out, state, seat);
            OracleScoring.Split split = OracleScoring.bestSplit(state.vault(seat));
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
                    .append(OracleMove.dice(state.sizeFace(), state.colourFace()).notation())
                    .append(" and places a pyramid");
            case OVER -> out.append("game over");
        }
        StringBuilder trimmed = new StringBuilder(out.length());
        out.toString().lines().forEach(line -> trimmed.append(line.stripTrailing()).append('\n'));
        return trimmed.toString();
    }

    /** Counts by colour then size, each colour in an 8-wide column: " 5 0 1  ". */
    private static void appendCounts(StringBuilder out, OracleState state, int seat) {
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
        return render(((OracleView) view).toState());
    }
}
