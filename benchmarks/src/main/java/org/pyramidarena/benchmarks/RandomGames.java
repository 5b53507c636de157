package org.pyramidarena.benchmarks;

import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.tournaments.MasterSeed;

/**
 * Random-versus-random games through the bare rules, seeded exactly as the arena seeds a match
 * (chance from the deal seed, each seat's random bot from its bot seed), so that game {@code n}
 * here is the arena's match with master seed {@code n}: the same moves, the same length.
 */
final class RandomGames {

    private RandomGames() {
    }

    /** The rules of a game with its fewest players and its default variant. */
    static Rules<?, ?> rules(String game) {
        return rules(game, "");
    }

    /** The rules of a game with its fewest players and a variant, its default when {@code variant} is empty. */
    static Rules<?, ?> rules(String game, String variant) {
        Game definition = Games.byId(game);
        return definition.rules(new GameSetup(definition.minPlayers(),
                variant.isEmpty() ? definition.defaultVariant() : variant));
    }

    /** A game played out: its number of actions, chance outcomes included, its outcome and its last state. */
    record Played(int actions, Outcome outcome, State last) {
    }

    /**
     * The generators of the match of one seed, as the arena seeds them: each seat's random bot's
     * (from the bot seed), indexed by seat, then the chance generator's (from the deal seed) at index
     * {@code players}.
     */
    static SplittableRandom[] generators(long seed, int players) {
        MatchSettings settings = MatchSettings.of(MasterSeed.of(seed), TimeControl.DEFAULT);
        return generators(settings.matchSeed(), settings.dealSeed(), players);
    }

    /** The generators of a match with these seeds, as {@link #generators(long, int)} orders them. */
    static SplittableRandom[] generators(long matchSeed, long dealSeed, int players) {
        SplittableRandom[] generators = new SplittableRandom[players + 1];
        generators[players] = new SplittableRandom(MatchRunner.chanceSeed(dealSeed));
        for (int seat = 0; seat < players; seat++) {
            generators[seat] = new SplittableRandom(MatchRunner.botSeed(matchSeed, seat));
        }
        return generators;
    }

    /**
     * Plays the game of one seed to its end and scores it, as a match is not over until its outcome
     * is known (the referee asks the rules for it too; scoring a Pyrametto vault is a search).
     */
    static <S extends State, M extends Move> Played play(Rules<S, M> rules, long seed) {
        return play(rules, generators(seed, rules.setup().players()));
    }

    /**
     * Plays the game of a scheduled match, with its match and deal seeds: the match a tournament or
     * a balance study plays at that place of its schedule when every seat is the random bot.
     */
    static <S extends State, M extends Move> Played play(Rules<S, M> rules, long matchSeed, long dealSeed) {
        return play(rules, generators(matchSeed, dealSeed, rules.setup().players()));
    }

    private static <S extends State, M extends Move> Played play(Rules<S, M> rules, SplittableRandom[] generators) {
        int players = rules.setup().players();
        SplittableRandom chance = generators[players];
        SplittableRandom[] seats = generators;
        S state = rules.initialState();
        int actions = 0;
        while (!state.isTerminal()) {
            M move;
            int actor = state.actor();
            if (actor == State.CHANCE) {
                move = Chance.sample(rules.chanceOutcomes(state), chance);
            } else {
                List<M> moves = rules.legalMoves(state);
                move = moves.get(seats[actor].nextInt(moves.size()));
            }
            state = rules.apply(state, move);
            actions++;
        }
        return new Played(actions, rules.outcome(state), state);
    }
}
