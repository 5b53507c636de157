package org.pyramidarena.games.pyrametto;

import org.pyramidarena.api.GameSetup;
import org.pyramidarena.games.pyrametto.PyramettoState.Phase;

/**
 * Named positions for tests, built piece by piece. Pyramids are written as in the notation: a size
 * letter and a colour letter, {@code Lr} for a large red. A position starts as the initial one
 * (every pyramid in the inventory, empty stacks, seat 0 to move) and each call changes one thing.
 */
final class Positions {

    private final int players;
    private final byte[] counts;
    private final int[] stacks;
    private int inRound;
    private int starter;
    private int mover;
    private Phase phase = Phase.TURN;
    private int dice = -1;
    private boolean triggered;
    private int freeTurns;
    private int turns;
    private int round = 1;

    private Positions(int players) {
        this.players = players;
        PyramettoState initial = PyramettoState.initial(players);
        this.counts = initial.countsCopy();
        this.stacks = initial.stacksCopy();
        this.inRound = (1 << players) - 1;
    }

    static PyramettoRules rules(int players) {
        return (PyramettoRules) new Pyrametto().rules(new GameSetup(players, "standard"));
    }

    static Positions start(int players) {
        return new Positions(players);
    }

    static int kind(String pyramid) {
        int size = PyramettoMove.SIZES.indexOf(pyramid.charAt(0));
        int colour = PyramettoMove.COLOURS.indexOf(pyramid.charAt(1));
        if (pyramid.length() != 2 || size < 0 || colour < 0) {
            throw new IllegalArgumentException(pyramid);
        }
        return colour * 3 + size;
    }

    /** Sets how many of a pyramid the inventory holds. */
    Positions inventory(String pyramid, int count) {
        counts[kind(pyramid)] = (byte) count;
        return this;
    }

    /** Sets how many of a pyramid a seat's vault holds (the inventory is not changed). */
    Positions vault(int seat, String pyramid, int count) {
        counts[(seat + 1) * PyramettoState.KINDS + kind(pyramid)] = (byte) count;
        return this;
    }

    /** Moves pyramids from the inventory to a seat's vault, e.g. {@code "Sr Sr Mg"}. */
    Positions give(int seat, String pyramids) {
        for (String pyramid : pyramids.trim().split("\\s+")) {
            counts[kind(pyramid)]--;
            counts[(seat + 1) * PyramettoState.KINDS + kind(pyramid)]++;
        }
        return this;
    }

    /** Puts pyramids from the inventory on a stack (bottom first), e.g. {@code stack(0, "Sr Mg")}. */
    Positions stack(int stack, String pyramids) {
        int packed = 0;
        String[] names = pyramids.trim().isEmpty() ? new String[0] : pyramids.trim().split("\\s+");
        for (int index = 0; index < names.length; index++) {
            counts[kind(names[index])]--;
            packed |= kind(names[index]) << 2 + 4 * index;
        }
        stacks[stack] = packed | names.length;
        return this;
    }

    /** Marks a stack taken and a seat out of the round (its vault is set separately). */
    Positions taken(int stack, int seat) {
        stacks[stack] = PyramettoState.TAKEN;
        inRound &= ~(1 << seat);
        return this;
    }

    Positions starter(int seat) {
        starter = seat;
        return this;
    }

    Positions mover(int seat) {
        mover = seat;
        return this;
    }

    /** The mover has rolled these faces (notation, e.g. {@code "SM/w"}) and must place. */
    Positions rolled(String faces) {
        PyramettoMove dice = PyramettoMove.parse(faces);
        this.phase = Phase.PLACE;
        this.dice = dice.sizeFace() * 6 + dice.colourFace();
        return this;
    }

    /** The mover has chosen to roll: the dice are about to land. */
    Positions rolling() {
        this.phase = Phase.DICE;
        return this;
    }

    /** The end has been signalled; the given seats still have their free turn. */
    Positions triggered(int... freeSeats) {
        triggered = true;
        freeTurns = 0;
        for (int seat : freeSeats) {
            freeTurns |= 1 << seat;
        }
        return this;
    }

    Positions turns(int count) {
        turns = count;
        return this;
    }

    Positions round(int number) {
        round = number;
        return this;
    }

    PyramettoState build() {
        return new PyramettoState(players, counts.clone(), stacks.clone(), inRound, starter, mover, phase, dice,
                triggered, freeTurns, turns, round);
    }

    /** Applies moves given by notation in order (dice included), checking each is legal. */
    static PyramettoState play(PyramettoRules rules, PyramettoState state, String moves) {
        for (String notation : moves.trim().split("\\s+")) {
            state = rules.apply(state, rules.parseMove(notation));
        }
        return state;
    }
}
