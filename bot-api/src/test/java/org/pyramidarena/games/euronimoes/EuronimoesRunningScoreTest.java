package org.pyramidarena.games.euronimoes;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.State;
import org.pyramidarena.games.euronimoes.EuronimoesState.Phase;

/**
 * Euronimoes's running score: each seat's score as it stands (the lower leads), the komi on the
 * starter's once the deal has decided who starts.
 */
class EuronimoesRunningScoreTest {

    @Test
    void theLowerScoreLeadsAndItIsTheGamesOwn() {
        assertEquals(Scoring.LOWER_POINTS_LEAD, new Euronimoes().scoring());
    }

    @Test
    void itIsTheScoreAsItStandsColumnsLevelsAndChips() {
        EuronimoesState state = new Position(3).layout(0, "6-6h0,0L1").layout(1, "0-0h0,0L1").layout(2, "3-3h0,0L1")
                .chips(2, 4).build();
        assertArrayEquals(new double[] {12 - 2, 0 - 2, 6 - 4}, Position.rules(3).runningScore(state),
                "each column's points less a point per chip held");
    }

    @Test
    void theKomiGoesToTheStartersScoreOnceTheStarterIsKnown() {
        EuronimoesRules komi = (EuronimoesRules) new Euronimoes().rules(GameSetup.parse(3, "standard?komi=2.5"));
        List<EuronimoesState> game = RandomPlay.game(komi, 7);
        EuronimoesState dealing = game.get(0);
        assertEquals(State.CHANCE, komi.starter(dealing));
        assertArrayEquals(new double[] {-2, -2, -2}, komi.runningScore(dealing),
                "two chips each and no komi: nobody starts yet");
        EuronimoesState first = game.stream().filter(s -> s.actor() >= 0).findFirst().orElseThrow();
        double[] expected = {first.score(0), first.score(1), first.score(2)};
        expected[first.start()] += 2.5;
        assertArrayEquals(expected, komi.runningScore(first));
        EuronimoesState end = game.get(game.size() - 1);
        Outcome outcome = komi.outcome(end);
        assertArrayEquals(outcome.scores().stream().mapToDouble(Double::doubleValue).toArray(), komi.runningScore(end),
                "the outcome's scores at the end");
    }

    @Test
    void aStartKnownInAPositionCarriesTheKomi() {
        EuronimoesRules komi = (EuronimoesRules) new Euronimoes().rules(GameSetup.parse(2, "standard?komi=-1"));
        EuronimoesState state = new Position(2).chips(0, 0).chips(1, 0).start(1).turn(1, Phase.PLAY).build();
        assertArrayEquals(new double[] {0, -1}, komi.runningScore(state));
    }
}
