package org.pyramidarena.api;

import java.util.Objects;

/**
 * A named rule variant of a game.
 *
 * @param name the identifier, lower case, no spaces (e.g. {@code "standard"})
 * @param description one sentence saying how it differs from the default
 */
public record Variant(String name, String description) {
    public Variant {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
    }
}
