package org.pyramidarena.arena.match;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.List;
import java.util.RandomAccess;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.players.MoveNote;

/**
 * A match's actions as the referee keeps them while it plays: the seat, the move object, the
 * times and what the bot said beside it ({@link MoveNote}) of each action in flat arrays, and an
 * {@link ActionRecord} made only when one is read. A
 * statistics run that writes no replays reads none, and so makes no record, no notation and no
 * copy per action.
 *
 * <p>Every move kept is a value of the game's own classes (the rules' legal list, a chance
 * outcome, a parsed notation, or a move of the game's classes the rules found legal), immutable by
 * the game contract, so its notation read later is the one it had when it was played. The referee
 * appends while the match runs and hands the log out only when it is over; from then on it is an
 * unmodifiable list.
 */
final class ActionLog extends AbstractList<ActionRecord> implements RandomAccess {

    private int size;
    /** The actor of each action, shifted left by one, with the low bit set for a fallback move. */
    private int[] actors;
    private Move[] moves;
    /**
     * Each action's real time and CPU time in microseconds; each null while every action has no time
     * (0) and no CPU time ({@link #unmeasured}).
     */
    private long[] micros;
    private long[] cpuMicros;
    /** How many of the first actions are the match's opening. */
    private int openingLength;
    /** What a bot said beside each action; null while no bot has said anything ({@link #note}). */
    private MoveNote[] notes;

    /** An empty log with room for {@code capacity} actions before it grows. */
    ActionLog(int capacity) {
        actors = new int[Math.max(capacity, 8)];
        moves = new Move[actors.length];
    }

    /** Appends an action: its actor (or the chance actor), its move, its times, and whether it was a fallback move. */
    void add(int actor, Move move, long usedMicros, long usedCpuMicros, boolean fallback) {
        if (size == actors.length) {
            grow();
        }
        actors[size] = actor << 1 | (fallback ? 1 : 0);
        moves[size] = move;
        if (micros != null || usedMicros != 0) {
            times()[size] = usedMicros;
        }
        if (cpuMicros != null || usedCpuMicros != unmeasured(actor)) {
            cpuTimes()[size] = usedCpuMicros;
        }
        size++;
    }

    /** Marks every action so far as part of the opening: the last one was forced by it. */
    void openingThroughLast() {
        openingLength = size;
    }

    /**
     * Keeps what the bot said beside the last action added. Called only for an action with a note:
     * a match whose bots say nothing makes no array for notes.
     */
    void note(MoveNote note) {
        if (notes == null) {
            notes = new MoveNote[actors.length];
        }
        notes[size - 1] = note;
    }

    /** The real times, made (every one 0 so far) at the first that is not. */
    private long[] times() {
        if (micros == null) {
            micros = new long[actors.length];
        }
        return micros;
    }

    /** The CPU times, made (every one {@linkplain #unmeasured unmeasured} so far) at the first that is not. */
    private long[] cpuTimes() {
        if (cpuMicros == null) {
            cpuMicros = new long[actors.length];
            for (int i = 0; i < size; i++) {
                cpuMicros[i] = unmeasured(actors[i] >> 1);
            }
        }
        return cpuMicros;
    }

    /**
     * The CPU time a log without CPU times gives an action: 0 for chance, -1 (not measured) for a
     * seat's, as a wall clock leaves every move.
     */
    private static long unmeasured(int actor) {
        return actor == State.CHANCE ? 0 : -1;
    }

    private void grow() {
        int capacity = actors.length * 2;
        actors = Arrays.copyOf(actors, capacity);
        moves = Arrays.copyOf(moves, capacity);
        if (micros != null) {
            micros = Arrays.copyOf(micros, capacity);
        }
        if (cpuMicros != null) {
            cpuMicros = Arrays.copyOf(cpuMicros, capacity);
        }
        if (notes != null) {
            notes = Arrays.copyOf(notes, capacity);
        }
    }

    @Override
    public ActionRecord get(int index) {
        if (index < 0 || index >= size) {
            throw new IndexOutOfBoundsException("action " + index + " of " + size);
        }
        int actor = actors[index] >> 1;
        MoveNote note = notes == null ? null : notes[index];
        return new ActionRecord(actor, moves[index].notation(), micros == null ? 0 : micros[index],
                cpuMicros == null ? unmeasured(actor) : cpuMicros[index], (actors[index] & 1) != 0,
                index < openingLength, note == null ? null : note.info(), note == null ? List.of() : note.stderr());
    }

    @Override
    public int size() {
        return size;
    }
}
