package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.SeatView;
import org.pyramidarena.api.View;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TestBots;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.DirectContestant;
import org.pyramidarena.tournaments.MasterSeed;

/** A study's counting seat is its contestant to the referee: the view it reads and the clock it keeps. */
class CountingContestantsTest {

    @Test
    void aCountingSeatPassesOnWhetherItsBotReadsViewsAndItsDecisionClock() {
        Rules<?, ?> rules = Games.byId("pylon").rules(new GameSetup(2, "standard"));
        DecisionCollector collector = new DecisionCollector(DecisionCollector.Start.of(rules, GameMeasures.of(rules)));
        List<View> seen = new ArrayList<>();
        List<Contestant> seats = List.of(CountingContestants.seat(new DirectContestant(TestBots.viewer("blind", false, seen)), collector),
                CountingContestants.seat(new DirectContestant(TestBots.viewer("blind", false, new ArrayList<>())), collector));
        // A listener that takes 20 ms an action: a seat timed from the decision before pays it.
        MatchListener slow = new MatchListener() {
            @Override
            public void action(int index, ActionRecord action, org.pyramidarena.api.State after) {
                collector.action(index, action, after);
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        MatchResult result = MatchRunner.run(rules, seats, MatchSettings.of(MasterSeed.of(2),
                new TimeControl(60_000, 0, 60_000)), slow);
        assertFalse(seen.isEmpty());
        assertTrue(seen.stream().allMatch(view -> view.equals(new SeatView(0, 0))), "handed its seat only: " + seen);
        List<ActionRecord> actions = result.actions();
        for (ActionRecord action : actions.subList(1, actions.size())) {
            assertTrue(action.micros() >= 20_000, "timed from the decision before, through the counting seat: "
                    + action.micros() + " µs");
        }
        assertEquals(actions.size(), result.moves(), "every action a decision");
    }
}
