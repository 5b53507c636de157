package org.pyramidarena.games.pyrametto.oracle;

import java.util.List;
import org.pyramidarena.api.View;
import org.pyramidarena.api.ViewLists;
import org.pyramidarena.games.pyrametto.oracle.OracleState.Phase;

/**
 * What a seat sees of a Pyrametto position: all of it, since everything is public.
 *
 * <p>Pyramid kinds are {@code colour * 3 + size - 1}: colours 0-4 red, yellow, green, blue, black;
 * sizes 1-3 small, medium, large.
 *
 * <p>The lists are immutable. A view made by the rules reads them from the (immutable) position as
 * they are asked for ({@link ViewLists}); a view made any other way (from JSON, say) holds copies.
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
public record OracleView(int seat, int actor, Phase phase, int mover, int starter, int round, int turns,
                            int sizeFace, int colourFace, List<Integer> inventory, List<List<Integer>> vaults,
                            List<List<Integer>> stacks, List<Boolean> taken, List<Boolean> inRound,
                            boolean endTriggered, List<Boolean> freeTurns) implements View {

    public OracleView {
        inventory = ViewLists.copyOf(inventory);
        vaults = ViewLists.copyOfLists(vaults);
        stacks = ViewLists.copyOfLists(stacks);
        taken = ViewLists.copyOf(taken);
        inRound = ViewLists.copyOf(inRound);
        freeTurns = ViewLists.copyOf(freeTurns);
    }

    static OracleView of(OracleState state, int seat) {
        int players = state.players();
        return new OracleView(seat, state.actor(), state.phase(), state.mover(), state.starter(), state.round(),
                state.turns(), state.sizeFace(), state.colourFace(),
                ViewLists.of(OracleState.KINDS, state, OracleState::inventory),
                ViewLists.of(players, state, (st, s) -> ViewLists.of(OracleState.KINDS, kind -> st.vault(s, kind))),
                ViewLists.of(players, state,
                        (st, stack) -> ViewLists.of(st.height(stack), index -> st.pyramid(stack, index))),
                FLAGS[players][takenMask(state)], FLAGS[players][state.inRoundMask()], state.isEndTriggered(),
                FLAGS[players][state.freeTurnMask()]);
    }

    /** Every list of flags by seat (immutable, shared), by the number of seats and a mask of the true ones. */
    private static final List<Boolean>[][] FLAGS = flags();

    @SuppressWarnings("unchecked")
    private static List<Boolean>[][] flags() {
        List<Boolean>[][] flags = new List[OracleState.MAX_PLAYERS + 1][];
        for (int players = 0; players < flags.length; players++) {
            flags[players] = new List[1 << players];
            for (int mask = 0; mask < flags[players].length; mask++) {
                Boolean[] values = new Boolean[players];
                for (int seat = 0; seat < players; seat++) {
                    values[seat] = (mask & 1 << seat) != 0;
                }
                flags[players][mask] = List.of(values);
            }
        }
        return flags;
    }

    private static int takenMask(OracleState state) {
        int mask = 0;
        for (int stack = 0; stack < state.players(); stack++) {
            mask |= state.isTaken(stack) ? 1 << stack : 0;
        }
        return mask;
    }

    /** The full state this view shows. */
    OracleState toState() {
        int players = vaults.size();
        byte[] counts = new byte[OracleState.KINDS * (players + 1)];
        for (int kind = 0; kind < OracleState.KINDS; kind++) {
            counts[kind] = (byte) (int) inventory.get(kind);
            for (int s = 0; s < players; s++) {
                counts[(s + 1) * OracleState.KINDS + kind] = (byte) (int) vaults.get(s).get(kind);
            }
        }
        int[] packed = new int[players];
        int inRoundMask = 0;
        int freeMask = 0;
        for (int s = 0; s < players; s++) {
            if (taken.get(s)) {
                packed[s] = OracleState.TAKEN;
            } else {
                List<Integer> stack = stacks.get(s);
                packed[s] = stack.size();
                for (int index = 0; index < stack.size(); index++) {
                    packed[s] |= stack.get(index) << 2 + 4 * index;
                }
            }
            inRoundMask |= inRound.get(s) ? 1 << s : 0;
            freeMask |= freeTurns.get(s) ? 1 << s : 0;
        }
        return new OracleState(players, counts, packed, inRoundMask, starter, mover, phase,
                sizeFace < 0 ? -1 : sizeFace * 6 + colourFace, endTriggered, freeMask, turns, round);
    }

    @Override
    public String toString() {
        return "PyramettoView[seat " + seat + ", round " + round + ", turn " + turns + ", " + phase + "]";
    }
}
