package org.pyramidarena.api;

/**
 * The view a player that reads none ({@link Player#readsView()} false) is handed at its decisions:
 * its seat and whose turn it is, nothing of the position.
 *
 * @param seat the seat viewing
 * @param actor the seat to act (the viewing seat itself at its decisions)
 */
public record SeatView(int seat, int actor) implements View {
}
