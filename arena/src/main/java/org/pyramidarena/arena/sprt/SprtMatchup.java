package org.pyramidarena.arena.sprt;

import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;

/**
 * What an SPRT compares: a candidate and a baseline bot in one two-player game and variant.
 *
 * @param game the game's id
 * @param variant the rule variant played: the game's first when none is given
 * @param candidate the bot under test, as given (a built-in name, a JAR, a {@code cmd:} line, with
 *     its options)
 * @param baseline the bot it must beat, likewise
 */
public record SprtMatchup(String game, String variant, String candidate, String baseline) {

    /**
     * @param variant the rule variant, or null for the game's first
     * @throws IllegalArgumentException with one line when the game is unknown, has no two-player
     *     setup, or has no such variant
     */
    public SprtMatchup {
        Game definition = Games.byId(game);
        if (definition.minPlayers() > 2) {
            throw new IllegalArgumentException("sprt plays seat-swapped pairs of two-player games; " + game
                    + " needs at least " + definition.minPlayers() + " players");
        }
        variant = variant == null ? definition.defaultVariant() : variant;
        definition.rules(GameSetup.parse(2, variant));
    }

    /** The game's definition. */
    public Game definition() {
        return Games.byId(game);
    }

    /** The rules of the game for two players in the variant. */
    public Rules<?, ?> rules() {
        return definition().rules(GameSetup.parse(2, variant));
    }
}
