package org.pyramidarena.api;

import java.util.List;

/**
 * The definition of a game: its identity, player counts and variants, and the rules for one setup.
 *
 * <p>Implementations are registered in {@code META-INF/services/org.pyramidarena.api.Game} and
 * found through {@link java.util.ServiceLoader}; they need a public no-argument constructor and
 * must be stateless, so one instance can serve any number of matches on any number of threads.
 */
public interface Game {

    /** The identifier used on the command line, in replays and in result files: lower case, no spaces. */
    String id();

    /** The name shown to people, e.g. {@code "Pylon"}. */
    String displayName();

    /** The smallest number of seats a match of this game can have; at least 1. */
    int minPlayers();

    /** The largest number of seats a match of this game can have; at least {@link #minPlayers()}. */
    int maxPlayers();

    /**
     * The named variants, the default first. Never empty; names are unique, lower case, no spaces.
     */
    List<Variant> variants();

    /** The default variant's name: the first of {@link #variants()}. */
    default String defaultVariant() {
        return variants().get(0).name();
    }

    /**
     * The game's numeric design parameters (a komi, a handicap, a target score), each with its range
     * and default, in a fixed order; empty when it has none. A setup gives values for some of them
     * ({@link GameSetup#parameters()}); the rules enforce only those given.
     */
    default List<Parameter> parameters() {
        return List.of();
    }

    /**
     * The declared parameter of this name.
     *
     * @throws IllegalArgumentException naming the game's parameters when it has none of this name
     */
    default Parameter parameter(String name) {
        for (Parameter parameter : parameters()) {
            if (parameter.name().equals(name)) {
                return parameter;
            }
        }
        throw new IllegalArgumentException(parameters().isEmpty() ? id() + " has no parameters, so '" + name
                + "' cannot be set" : id() + " has no parameter '" + name + "' (its parameters: "
                + String.join(", ", parameters().stream().map(Parameter::name).toList()) + ")");
    }

    /**
     * Who acts first, in one sentence for people (reports, listings): e.g. "Seat 0 moves first." or
     * "The player holding the highest domino starts." It says what {@link Rules#starter} answers.
     */
    String starterRule();

    /**
     * How this game keeps score while it is played: what {@link Rules#runningScore} answers, which way
     * it leads, and whether it is the game's own score or a stand-in. It says for the running score
     * what {@link #starterRule()} says for {@link Rules#starter}.
     *
     * <p>The default, {@link Scoring#AT_END}, is right for a game that scores only at its end and for
     * one that does not implement {@link Rules#runningScore}: balance studies then report its lead
     * metrics as not applicable and replay viewers show no running score, while everything else works.
     */
    default Scoring scoring() {
        return Scoring.AT_END;
    }

    /** The default setup: the fewest players and the default variant. */
    default GameSetup defaultSetup() {
        return new GameSetup(minPlayers(), defaultVariant());
    }

    /**
     * The rules for one setup.
     *
     * @param setup the player count and variant; never null
     * @return rules that are pure and safe to share across threads
     * @throws IllegalArgumentException when the player count is outside {@link #minPlayers()} to
     *     {@link #maxPlayers()} or the variant is not one this game offers; the message says which
     */
    Rules<?, ?> rules(GameSetup setup);

    /**
     * Checks a setup against this definition: its player count, its variant and its parameters
     * ({@link #checkParameters}).
     *
     * @throws IllegalArgumentException with a one-line message naming what is wrong
     */
    default void checkSetup(GameSetup setup) {
        if (setup.players() < minPlayers() || setup.players() > maxPlayers()) {
            String range = minPlayers() == maxPlayers()
                    ? Integer.toString(minPlayers())
                    : minPlayers() + " to " + maxPlayers();
            throw new IllegalArgumentException(
                    id() + " is played by " + range + " players, not " + setup.players());
        }
        if (variants().stream().noneMatch(v -> v.name().equals(setup.variant()))) {
            throw new IllegalArgumentException("unknown variant '" + setup.variant() + "' of " + id()
                    + " (variants: " + String.join(", ", variants().stream().map(Variant::name).toList()) + ")");
        }
        checkParameters(setup);
    }

    /**
     * Checks the parameters a setup gives: each must be declared ({@link #parameters()}) and its
     * value within the declared range ({@link Parameter#check}).
     *
     * @throws IllegalArgumentException with a one-line message naming the parameter
     */
    default void checkParameters(GameSetup setup) {
        setup.parameters().forEach((name, value) -> parameter(name).check(value));
    }
}
