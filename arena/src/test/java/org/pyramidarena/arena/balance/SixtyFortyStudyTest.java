package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.match.Contestant;
import org.pyramidarena.arena.match.DirectContestant;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.pairing.MatchSpec;

/**
 * A study of a game whose first seat wins 60% of the games by construction, played by the referee
 * with the study's listener, two seatings on each deal as a balance study plays them.
 */
class SixtyFortyStudyTest {

    private static final int GAMES = 2000;
    private static Metrics.Result paired;
    private static Metrics.Result unpaired;

    @BeforeAll
    static void play() {
        Rules<?, ?> rules = new SixtyFortyGame().rules(new GameSetup(2, "standard"));
        MasterSeed seed = MasterSeed.of(5);
        CellObserver observer = new CellObserver(GAMES);
        for (int index = 0; index < GAMES; index++) {
            int group = index / 2;
            MatchSpec spec = new MatchSpec(1, index, SixtyFortyGame.ID, "standard", List.of("first", "first"), group,
                    MatchSpec.dealSeed(seed, group), MatchSpec.matchSeed(seed, index), false);
            MatchListener listener = observer.listener(spec, rules);
            List<Contestant> seats = List.of(new DirectContestant(FIRST_MOVE), new DirectContestant(FIRST_MOVE));
            MatchResult result = MatchRunner.run(rules, seats, new MatchSettings(spec.matchSeed(), spec.dealSeed(),
                    TimeControl.DEFAULT, MatchSettings.DEFAULT_ACTION_LIMIT), listener);
            List<SeatResult> seatResults = new ArrayList<>();
            for (int seat = 0; seat < 2; seat++) {
                seatResults.add(new SeatResult("first", result.outcome().rank(seat), result.outcome().score(seat),
                        result.seatTerminations().get(seat), 0));
            }
            observer.played(spec, listener, new MatchRecord("study", 1, index, SixtyFortyGame.ID, "standard",
                    seatResults, result.termination(), result.moves(), spec.matchSeed()));
        }
        // Blocks of 2: the two seatings of a deal are resampled together, as the study does.
        paired = Metrics.compute(observer.features(), 2, observer.measures(), 2, 2000, 17);
        unpaired = Metrics.compute(observer.features(), 2, observer.measures(), 1, 2000, 17);
    }

    @Test
    void theFirstSeatAdvantageOfTenPointsIsFoundWithAnIntervalOfTheRightWidth() {
        Metrics.Estimate advantage = paired.get(Metric.FIRST_SEAT_ADVANTAGE);
        assertTrue(advantage.low() > 0, "the advantage is found: " + advantage);
        assertTrue(advantage.low() < 0.1 && 0.1 < advantage.high(), "the interval holds the true 10 points: " + advantage);
        // Both seatings of a deal end alike, so 2000 games weigh as 1000 deals: the interval is
        // about 2 * 1.96 binomial standard errors of 1000 draws wide.
        double share = 0.5 + advantage.value();
        double expected = 2 * 1.96 * Math.sqrt(share * (1 - share) / (GAMES / 2.0));
        double width = advantage.high() - advantage.low();
        assertEquals(expected, width, 0.15 * expected, advantage.toString());
        double naive = unpaired.get(Metric.FIRST_SEAT_ADVANTAGE).high() - unpaired.get(Metric.FIRST_SEAT_ADVANTAGE).low();
        assertEquals(1 / Math.sqrt(2), naive / width, 0.1, "resampling single games would understate the error");
    }

    @Test
    void theDecisionsSeenByTheRefereeGiveTheGamesBranchingAndForcedMoves() {
        // Seat 0 has 2 moves, seat 1 one; the chance node is no decision.
        assertEquals(1.5, paired.get(Metric.BRANCHING_FACTOR).value(), 1e-12);
        assertEquals(2, paired.get(Metric.branchingAt(1)).value(), 1e-12);
        assertEquals(1, paired.get(Metric.branchingAt(6)).value(), 1e-12);
        assertEquals(0.5, paired.get(Metric.FORCED_SHARE).value(), 1e-12);
        assertEquals(2, paired.get(Metric.DURATION_MEAN).value(), 1e-12);
        assertEquals(1, paired.get(Metric.COMPLETION).value(), 1e-12);
        assertEquals(0, paired.get(Metric.DRAWISHNESS).value(), 1e-12);
        assertTrue(paired.get(Metric.LEAD_CHANGES).note().startsWith("not applicable"));
    }

    /** Plays the first legal move. */
    private static final Bot FIRST_MOVE = new Bot() {
        @Override
        public String name() {
            return "first";
        }

        @Override
        public boolean plays(Game game) {
            return true;
        }

        @Override
        public Player newPlayer(org.pyramidarena.api.MatchContext context) {
            return (view, legal, clock) -> legal.get(0);
        }
    };
}
