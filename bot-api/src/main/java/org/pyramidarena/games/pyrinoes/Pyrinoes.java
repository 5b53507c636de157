package org.pyramidarena.games.pyrinoes;

import java.util.List;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.Variant;

/**
 * Pyrinoes (Andy Bond, 2010): block dominoes for two, where players also build dominoes from their
 * pyramids ("pyrinoes"); rounds are scored until a player reaches the winning threshold. See
 * {@code docs/rules/pyrinoes.md}.
 *
 * <p>Variants: {@code standard} plays to 100; {@code to-N} plays to N points for any N from 1 to
 * 10000 ({@code to-50} is listed, every other N is accepted as well). The parameter {@code target}
 * ({@link #TARGET}) sets the same threshold on the {@code standard} variant, for sweeps.
 */
public final class Pyrinoes implements Game {

    /** The game's id. */
    public static final String ID = "pyrinoes";
    /** The standard winning threshold. */
    public static final int STANDARD_TARGET = 100;
    static final int MAX_TARGET = 10_000;
    /** The target's name: the points that win the match, as {@code to-N} sets them. */
    public static final String TARGET = "target";

    private static final List<Parameter> PARAMETERS = List.of(new Parameter(TARGET, "the points that win the match "
            + "(as the variant to-N sets them; give one or the other)", 1, MAX_TARGET, STANDARD_TARGET, true, 5));

    private static final List<Variant> VARIANTS = List.of(
            new Variant("standard", "the rules of pyrinoes.txt with DECISIONS.md: the match is played to 100 points"),
            new Variant("to-50", "the match is played to 50 points (any threshold N from 1 to 10000 is accepted as to-N)"));

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Pyrinoes";
    }

    @Override
    public int minPlayers() {
        return 2;
    }

    @Override
    public int maxPlayers() {
        return 2;
    }

    @Override
    public List<Variant> variants() {
        return VARIANTS;
    }

    @Override
    public List<Parameter> parameters() {
        return PARAMETERS;
    }

    @Override
    public String starterRule() {
        return "A weight draw decides who starts round 1 (the heavier domino starts); "
                + "each later round is started by the player who went second in the round before.";
    }

    /**
     * Match points so far, the higher leading; they change when a round is scored ({@link
     * PyrinoesRules#runningScore}).
     */
    @Override
    public Scoring scoring() {
        return Scoring.HIGHER_POINTS_LEAD;
    }

    /**
     * Accepts the listed variants and every {@code to-N} with N from 1 to 10000, and the {@code
     * target} parameter with the variant {@code standard} only (a {@code to-N} names a target already).
     */
    @Override
    public void checkSetup(GameSetup setup) {
        if (setup.players() != 2) {
            throw new IllegalArgumentException(ID + " is played by 2 players, not " + setup.players());
        }
        target(setup.variant());
        checkParameters(setup);
        if (setup.parameters().containsKey(TARGET) && !setup.variant().equals("standard")) {
            throw new IllegalArgumentException("the variant " + setup.variant() + " sets the target already: give "
                    + "either " + TARGET + "=N or to-N");
        }
    }

    @Override
    public Rules<PyrinoesState, PyrinoesMove> rules(GameSetup setup) {
        checkSetup(setup);
        return new PyrinoesRules(this, setup, (int) setup.parameter(TARGET, target(setup.variant())));
    }

    /**
     * The winning threshold a variant name stands for.
     *
     * @throws IllegalArgumentException naming the accepted forms when the name is neither
     */
    static int target(String variant) {
        if (variant.equals("standard")) {
            return STANDARD_TARGET;
        }
        if (variant.matches("to-[1-9][0-9]{0,4}")) {
            int target = Integer.parseInt(variant.substring(3));
            if (target <= MAX_TARGET) {
                return target;
            }
        }
        throw new IllegalArgumentException("unknown variant '" + variant + "' of " + ID
                + " (variants: standard, to-50, or to-N for a threshold N from 1 to " + MAX_TARGET + ")");
    }
}
