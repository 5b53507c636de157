package org.pyramidarena.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.bots.RandomBot;
import org.pyramidarena.tournaments.MasterSeed;

/** The bare-rules benchmark plays the arena's games: seed for seed, the same number of actions. */
class RandomGamesTest {

    @ParameterizedTest
    @ValueSource(strings = {"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"})
    void bareGamesAreTheArenasMatchesWithTheSameOutcomes(String game) {
        Rules<?, ?> rules = RandomGames.rules(game);
        for (long seed = 0; seed < 20; seed++) {
            List<Contestant> seats = new ArrayList<>();
            for (int seat = 0; seat < rules.setup().players(); seat++) {
                seats.add(new DirectContestant(new RandomBot()));
            }
            MatchResult result = MatchRunner.run(rules, seats, MatchSettings.of(MasterSeed.of(seed), TimeControl.DEFAULT),
                    MatchListener.NONE);
            RandomGames.Played played = RandomGames.play(rules, seed);
            assertEquals(result.actions().size(), played.actions(), game + " seed " + seed);
            assertEquals(result.outcome(), played.outcome(), game + " seed " + seed);
        }
    }

    @Test
    void anEmptyVariantIsTheDefaultAndANamedOneIsUsed() {
        assertEquals(Games.byId("pyraos").defaultVariant(), RandomGames.rules("pyraos", "").setup().variant());
        assertEquals("pylos", RandomGames.rules("pyraos", "pylos").setup().variant());
    }
}
