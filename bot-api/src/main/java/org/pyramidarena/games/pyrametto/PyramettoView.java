package org.pyramidarena.games.pyrametto;

import java.util.Arrays;
import org.pyramidarena.api.View;
import org.pyramidarena.games.pyrametto.PyramettoState.Phase;

/**
 * What a seat sees of a Pyrametto position: all of it, since everything is public.
 *
 * <p>Pyramid kinds are {@code colour * 3 + size - 1}: colours 0-4 red, yellow, green, blue, black;
 * sizes 1-3 small, medium, large.
 *
 * @param seat the seat viewing, or {@link View#OBSERVER}
 * @param actor the seat to act, {@link org.pyramidarena.api.State#CHANCE} while the dice roll, or
 *     {@link org.pyramidarena.api.State#NONE} once over
 * @param phase what the game waits for
 * @param mover the seat whose turn it is (the roller while the dice roll), -1 once over
 * @param starter the seat that started the current round
 * @param round the current round, from 1
 * @param turns the turns completed (takes, and rolls whose pyramid was placed)
 * @param sizeFace the size die's face while the roller places ({@code 0..5}: S M L SM SL ML), else -1
 * @param colourFace the colour die's face while the roller places ({@code 0..5}: r y g b k wild), else -1
 * @param inventory the global inventory's count of each kind, 15 entries
 * @param vaults each seat's vault as counts by kind, indexed by seat
 * @param stacks each stack's pyramid kinds, bottom first, indexed by stack (a..e); empty when taken
 * @param taken whether each stack was taken this round
 * @param inRound whether each seat is still in the round (has not taken a stack)
 * @param endTriggered whether the last round has been signalled
 * @param freeTurns whether each seat still has its free turn after the end was signalled
 */
public record PyramettoView(int seat, int actor, Phase phase, int mover, int starter, int round, int turns,
                            int sizeFace, int colourFace, int[] inventory, int[][] vaults, int[][] stacks,
                            boolean[] taken, boolean[] inRound, boolean endTriggered, boolean[] freeTurns)
        implements View {

    static PyramettoView of(PyramettoState state, int seat) {
        int players = state.players();
        int[] inventory = new int[PyramettoState.KINDS];
        for (int kind = 0; kind < inventory.length; kind++) {
            inventory[kind] = state.inventory(kind);
        }
        int[][] vaults = new int[players][];
        int[][] stacks = new int[players][];
        boolean[] taken = new boolean[players];
        boolean[] inRound = new boolean[players];
        boolean[] freeTurns = new boolean[players];
        for (int s = 0; s < players; s++) {
            vaults[s] = state.vault(s);
            stacks[s] = new int[state.height(s)];
            for (int index = 0; index < stacks[s].length; index++) {
                stacks[s][index] = state.pyramid(s, index);
            }
            taken[s] = state.isTaken(s);
            inRound[s] = state.isInRound(s);
            freeTurns[s] = state.hasFreeTurn(s);
        }
        return new PyramettoView(seat, state.actor(), state.phase(), state.mover(), state.starter(), state.round(),
                state.turns(), state.sizeFace(), state.colourFace(), inventory, vaults, stacks, taken, inRound,
                state.isEndTriggered(), freeTurns);
    }

    /** The full state this view shows. */
    PyramettoState toState() {
        int players = vaults.length;
        byte[] counts = new byte[PyramettoState.KINDS * (players + 1)];
        for (int kind = 0; kind < PyramettoState.KINDS; kind++) {
            counts[kind] = (byte) inventory[kind];
            for (int s = 0; s < players; s++) {
                counts[(s + 1) * PyramettoState.KINDS + kind] = (byte) vaults[s][kind];
            }
        }
        int[] packed = new int[players];
        int inRoundMask = 0;
        int freeMask = 0;
        for (int s = 0; s < players; s++) {
            if (taken[s]) {
                packed[s] = PyramettoState.TAKEN;
            } else {
                packed[s] = stacks[s].length;
                for (int index = 0; index < stacks[s].length; index++) {
                    packed[s] |= stacks[s][index] << 2 + 4 * index;
                }
            }
            inRoundMask |= inRound[s] ? 1 << s : 0;
            freeMask |= freeTurns[s] ? 1 << s : 0;
        }
        return new PyramettoState(players, counts, packed, inRoundMask, starter, mover, phase,
                sizeFace < 0 ? -1 : sizeFace * 6 + colourFace, endTriggered, freeMask, turns, round);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof PyramettoView v && seat == v.seat && actor == v.actor && phase == v.phase
                && mover == v.mover && starter == v.starter && round == v.round && turns == v.turns
                && sizeFace == v.sizeFace && colourFace == v.colourFace && endTriggered == v.endTriggered
                && Arrays.equals(inventory, v.inventory) && Arrays.deepEquals(vaults, v.vaults)
                && Arrays.deepEquals(stacks, v.stacks) && Arrays.equals(taken, v.taken)
                && Arrays.equals(inRound, v.inRound) && Arrays.equals(freeTurns, v.freeTurns);
    }

    @Override
    public int hashCode() {
        int hash = Arrays.hashCode(inventory) * 31 + Arrays.deepHashCode(vaults);
        hash = hash * 31 + Arrays.deepHashCode(stacks);
        hash = hash * 31 + Arrays.hashCode(taken) * 7 + Arrays.hashCode(inRound) * 3 + Arrays.hashCode(freeTurns);
        return ((hash * 31 + seat) * 31 + actor) * 31 + turns + round * 1009 + (endTriggered ? 1 : 0);
    }

    @Override
    public String toString() {
        return "PyramettoView[seat " + seat + ", round " + round + ", turn " + turns + ", " + phase + "]";
    }
}
