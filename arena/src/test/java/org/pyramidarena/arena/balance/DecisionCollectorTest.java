package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.Opening;
import org.pyramidarena.arena.match.TestBots;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.bots.GreedyBot;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;

/**
 * The collector against the game played again from its actions: the legal moves the referee hands
 * each seat are the rules' legal moves at every decision, and the leaders at the tenths are read
 * from the states there.
 */
class DecisionCollectorTest {

    @ParameterizedTest
    @CsvSource({"pylon, 2", "pyraos, 2", "pyrinoes, 2", "euronimoes, 3", "pyrametto, 3"})
    void theCountsHandedToTheSeatsAndTheLeadersAtTheTenthsAreTheRulesOwn(String game, int players) {
        Rules<?, ?> rules = Games.byId(game).rules(new GameSetup(players, Games.byId(game).defaultVariant()));
        List<Contestant> seats = new ArrayList<>();
        for (int seat = 0; seat < players; seat++) {
            seats.add(new DirectContestant(new GreedyBot()));
        }
        GameTrace trace = checkedTrace(rules, seats, MatchSettings.of(MasterSeed.of(4), TimeControl.DEFAULT));
        assertEquals(true, trace.completed());
    }

    /**
     * The moves the referee plays itself are counted too: an opening's random moves, which it lists
     * for no seat, and the fallback policy's moves for a seat that faulted, from the list it chose from.
     */
    @Test
    void theOpeningsMovesAndTheFallbacksMovesForAFaultedSeatAreCountedAsTheRulesList() {
        Rules<?, ?> rules = Games.byId("euronimoes").rules(new GameSetup(3, "standard"));
        Bot illegal = TestBots.bot("illegal", context -> (view, legalMoves, clock) -> null);
        List<Contestant> seats = List.of(new DirectContestant(new GreedyBot()), new DirectContestant(illegal),
                new DirectContestant(new GreedyBot()));
        MatchSettings settings = MatchSettings.of(MasterSeed.of(9), TimeControl.DEFAULT).withOpening(new Opening(List.of(), 5));
        GameTrace trace = checkedTrace(rules, seats, settings);
        assertEquals(false, trace.completed(), "a match with a fault is not a completed game");
    }

    /** Plays a match with the collector listening and checks its trace against the game played again. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static GameTrace checkedTrace(Rules rules, List<Contestant> seats, MatchSettings settings) {
        int players = seats.size();
        GameMeasures measures = GameMeasures.of(rules);
        DecisionCollector collector = new DecisionCollector(DecisionCollector.Start.of(rules, measures));
        MatchResult result = MatchRunner.run(rules, seats, settings, collector);
        List<SeatResult> seatResults = new ArrayList<>();
        for (int seat = 0; seat < players; seat++) {
            seatResults.add(new SeatResult("greedy", result.outcome().rank(seat), result.outcome().score(seat),
                    result.seatTerminations().get(seat), 0));
        }
        GameTrace trace = collector.trace(new MatchRecord("t", 1, 0, rules.game().id(), rules.setup().variant(),
                seatResults, result.termination(), result.moves(), 0));

        List<Integer> legal = new ArrayList<>();
        List<State> beforeDecisions = new ArrayList<>();
        State state = rules.initialState();
        for (ActionRecord action : result.actions()) {
            if (action.actor() >= 0) {
                legal.add(rules.legalMoves(state).size());
                beforeDecisions.add(state);
            }
            state = rules.apply(state, (Move) rules.parseMove(action.notation()));
        }
        beforeDecisions.add(state);
        assertArrayEquals(legal.stream().mapToInt(Integer::intValue).toArray(), trace.legal());
        assertEquals(result.moves(), trace.moves());
        int[] leaders = new int[Metric.TENTHS + 1];
        for (int tenth = 0; tenth <= Metric.TENTHS; tenth++) {
            leaders[tenth] = measures.leader(beforeDecisions.get(Metrics.at(tenth, legal.size())));
        }
        assertArrayEquals(leaders, trace.leaders());
        return trace;
    }

    @Test
    void theLeaderOfScoresIsTheSoleHighest() {
        GameMeasures measures = GameMeasures.of(Games.byId("pylon").rules(new GameSetup(2, "standard")));
        assertEquals(1, measures.leader(new double[] {3, 7, 5}));
        assertEquals(GameMeasures.NO_LEADER, measures.leader(new double[] {7, 7, 5}));
        assertEquals(2, measures.leader(new double[] {-1, -1, 0}));
        assertEquals(GameMeasures.NO_LEADER, measures.leader(new double[] {0, 0}));
    }
}
