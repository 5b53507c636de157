package org.pyramidarena.api;

import java.util.Objects;

/**
 * Something a seat observed happen: an action as far as that seat may see it.
 *
 * @param actor the seat that acted, or {@link State#CHANCE}
 * @param notation the action's notation when it is public; a redacted description (documented by
 *     each game, e.g. {@code "draw"} for a face-down draw) when part of it is hidden from this seat
 */
public record Event(int actor, String notation) {
    public Event {
        Objects.requireNonNull(notation, "notation");
    }
}
