package org.pyramidarena.games.pyrametto;

import java.util.Arrays;
import org.pyramidarena.api.State;

/**
 * A Pyrametto position. Everything is public, so a seat's {@link PyramettoView} shows all of it.
 *
 * <p>Pyramids are counted by kind, {@code colour * 3 + size - 1} ({@code 0..14}): colours 0-4 are
 * red, yellow, green, blue, black; sizes 1-3 are small, medium, large. A round has one stack per
 * seat ({@code 0..players-1}, named a..e), each holding up to three pyramids; a taken stack is gone
 * for the rest of the round.
 */
public final class PyramettoState implements State {

    /** What the game waits for. */
    public enum Phase {
        /** The mover takes a stack or rolls. */
        TURN,
        /** The dice are rolling: a chance node. */
        DICE,
        /** The mover places the pyramid the dice allow. */
        PLACE,
        /** The game is over. */
        OVER
    }

    static final int KINDS = 15;
    static final int STACK_HEIGHT = 3;
    /** The number of turns after which the game is scored as it stands (DECISIONS 6). */
    public static final int TURN_CAP = 1000;
    /** The most seats a game has (the text plays 3 to 5). */
    static final int MAX_PLAYERS = 5;
    static final int TAKEN = -1;

    private final int players;
    // Kind counts: the inventory at 0..14, then seat s's vault at (s + 1) * 15 ...
    private final byte[] counts;
    // Per stack: TAKEN, or its height in bits 0-1 and the kind of its i-th pyramid (bottom first) in bits 2+4i.
    private final int[] stacks;
    private final int inRound;
    private final int starter;
    private final int mover;
    private final Phase phase;
    private final int dice;
    private final boolean endTriggered;
    private final int freeTurns;
    private final int turns;
    private final int round;

    PyramettoState(int players, byte[] counts, int[] stacks, int inRound, int starter, int mover, Phase phase,
                   int dice, boolean endTriggered, int freeTurns, int turns, int round) {
        this.players = players;
        this.counts = counts;
        this.stacks = stacks;
        this.inRound = inRound;
        this.starter = starter;
        this.mover = mover;
        this.phase = phase;
        this.dice = dice;
        this.endTriggered = endTriggered;
        this.freeTurns = freeTurns;
        this.turns = turns;
        this.round = round;
    }

    /** The start: N of every pyramid in the inventory, N empty stacks, seat 0 to move. */
    static PyramettoState initial(int players) {
        byte[] counts = new byte[KINDS * (players + 1)];
        Arrays.fill(counts, 0, KINDS, (byte) players);
        return new PyramettoState(players, counts, new int[players], (1 << players) - 1, 0, 0, Phase.TURN, -1,
                false, 0, 0, 1);
    }

    byte[] countsCopy() {
        return counts.clone();
    }

    /** The kind counts themselves, for a new position that keeps them unchanged: never to be written. */
    byte[] countsShared() {
        return counts;
    }

    /** The stacks themselves, for a new position that keeps them unchanged: never to be written. */
    int[] stacksShared() {
        return stacks;
    }

    int[] stacksCopy() {
        return stacks.clone();
    }

    int packedStack(int stack) {
        return stacks[stack];
    }

    int inRoundMask() {
        return inRound;
    }

    int freeTurnMask() {
        return freeTurns;
    }

    int diceIndex() {
        return dice;
    }

    @Override
    public int actor() {
        return switch (phase) {
            case TURN, PLACE -> mover;
            case DICE -> CHANCE;
            case OVER -> NONE;
        };
    }

    @Override
    public int players() {
        return players;
    }

    /** What the game waits for. */
    public Phase phase() {
        return phase;
    }

    /** The seat whose turn it is (the roller while the dice roll and while it places); -1 once over. */
    public int mover() {
        return mover;
    }

    /** The seat that started the current round. */
    public int starter() {
        return starter;
    }

    /** The number of turns completed: takes, and rolls whose pyramid was placed. */
    public int turns() {
        return turns;
    }

    /** The current round, from 1. */
    public int round() {
        return round;
    }

    /** How many pyramids of a kind ({@code colour * 3 + size - 1}) the global inventory holds. */
    public int inventory(int kind) {
        return counts[kind];
    }

    /** The number of pyramids left in the global inventory. */
    public int inventoryTotal() {
        int total = 0;
        for (int kind = 0; kind < KINDS; kind++) {
            total += counts[kind];
        }
        return total;
    }

    /** How many pyramids of a kind a seat's vault holds. */
    public int vault(int seat, int kind) {
        return counts[(seat + 1) * KINDS + kind];
    }

    /** A seat's vault as counts by kind, a fresh array of 15. */
    public int[] vault(int seat) {
        int[] vault = new int[KINDS];
        for (int kind = 0; kind < KINDS; kind++) {
            vault[kind] = vault(seat, kind);
        }
        return vault;
    }

    /** True when a stack has been taken this round. */
    public boolean isTaken(int stack) {
        return stacks[stack] == TAKEN;
    }

    /** The number of pyramids on a stack; 0 when empty or taken. */
    public int height(int stack) {
        return stacks[stack] == TAKEN ? 0 : stacks[stack] & 3;
    }

    /** The kind of the {@code index}-th pyramid of a stack, bottom first. */
    public int pyramid(int stack, int index) {
        if (index < 0 || index >= height(stack)) {
            throw new IndexOutOfBoundsException("stack " + stack + " has no pyramid " + index);
        }
        return stacks[stack] >> 2 + 4 * index & 15;
    }

    /** True while a seat has not taken a stack this round. */
    public boolean isInRound(int seat) {
        return (inRound & 1 << seat) != 0;
    }

    /** True once the inventory has run out of two sizes of some colour: the last round is on. */
    public boolean isEndTriggered() {
        return endTriggered;
    }

    /** True when a seat still has its free turn after the end was triggered. */
    public boolean hasFreeTurn(int seat) {
        return (freeTurns & 1 << seat) != 0;
    }

    /** True when the mover may only take a stack because the end was triggered and its free turn is gone. */
    public boolean mustTakeToEnd() {
        return phase == Phase.TURN && endTriggered && !hasFreeTurn(mover);
    }

    /** The size face the dice show while the roller places, {@code 0..5}; -1 otherwise. */
    public int sizeFace() {
        return dice < 0 ? -1 : dice / 6;
    }

    /** The colour face the dice show while the roller places, {@code 0..5} (5 is wild); -1 otherwise. */
    public int colourFace() {
        return dice < 0 ? -1 : dice % 6;
    }

    /** A seat's score under the best split of its vault (DECISIONS 7). */
    public int score(int seat) {
        return PyramettoScoring.bestScore(counts, (seat + 1) * KINDS);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PyramettoState s && players == s.players && inRound == s.inRound
                && starter == s.starter && mover == s.mover && phase == s.phase && dice == s.dice
                && endTriggered == s.endTriggered && freeTurns == s.freeTurns && turns == s.turns
                && round == s.round && Arrays.equals(counts, s.counts) && Arrays.equals(stacks, s.stacks);
    }

    @Override
    public int hashCode() {
        int hash = Arrays.hashCode(counts) * 31 + Arrays.hashCode(stacks);
        hash = hash * 31 + ((inRound * 8 + starter) * 8 + mover + 1) * 8 + phase.ordinal();
        hash = hash * 31 + (dice + 1) * 64 + freeTurns * 2 + (endTriggered ? 1 : 0);
        return hash * 31 + turns * 1009 + round;
    }

    @Override
    public String toString() {
        return "PyramettoState[round " + round + ", turn " + turns + ", " + phase + ", mover " + mover + "]";
    }
}
