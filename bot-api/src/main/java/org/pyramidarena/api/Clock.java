package org.pyramidarena.api;

/**
 * The time a player has for the move it is asked for, measured by the referee from the moment it
 * asks.
 *
 * @param moveMillis the time for this move before the bank is touched, in milliseconds; includes
 *     the first-move allowance on a player's first move
 * @param bankMillis the time bank left, in milliseconds, usable on top of {@code moveMillis}; 0 when
 *     there is none. Time a move takes beyond {@code moveMillis} is taken from the bank.
 */
public record Clock(long moveMillis, long bankMillis) {

    public Clock {
        if (moveMillis < 0 || bankMillis < 0) {
            throw new IllegalArgumentException("clock times are never negative");
        }
    }

    /** The most this move may take, in milliseconds: past it the seat forfeits. */
    public long totalMillis() {
        return moveMillis + bankMillis;
    }
}
