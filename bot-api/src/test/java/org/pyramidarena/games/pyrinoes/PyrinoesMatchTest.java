package org.pyramidarena.games.pyrinoes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.RandomPlay;
import org.pyramidarena.api.State;
import org.pyramidarena.games.pyrinoes.PyrinoesState.Phase;

/** Who starts, and rounds until the threshold (pyrinoes.txt "Setup", "Winning", DECISIONS 3 and 8). */
class PyrinoesMatchTest {

    private final PyrinoesRules rules = Positions.rules();

    /**
     * A round about to end: fire passes right after ice passed, fire's hand totals 3 and ice's 13,
     * so fire scores 10 and ice 5 (the greens ice played).
     */
    private static Positions.Position fireScoresTenIceFive() {
        return new Positions.Position().hand(0, "0-2").hand(1, "6-6").line("5-5").noSupply(0).noSupply(1)
                .supply(Pieces.RED, 1, 0, 0).supply(Pieces.BLUE, 1, 0, 0).supply(Pieces.GREEN, 0, 0, 0)
                .boneyard("").greensPlayed(0, 5).lastPassed();
    }

    @Test
    void theHeavierWeightDrawStartsRoundOne() {
        PyrinoesState fire = Positions.replay(rules, rules.initialState(), "pick:6-6 pick:0-1");
        assertEquals(Phase.DEAL, fire.phase());
        assertEquals(0, fire.starter());
        PyrinoesState ice = Positions.replay(rules, rules.initialState(), "pick:0-1 pick:3-4");
        assertEquals(1, ice.starter());
        PyrinoesState dealt = Positions.replay(rules, ice,
                Positions.deal("0-0 0-1 0-2 0-3 0-4 0-5 0-6 1-1 1-2", "1-3 1-4 1-5 1-6 2-2 2-3 2-4 2-5 2-6", "3-4"));
        assertEquals(1, dealt.actor(), "the picked dominoes went back: 0-1 and 3-4 were dealt, ice starts");
    }

    @Test
    void aTiedWeightDrawIsDrawnAgain() {
        PyrinoesState first = Positions.replay(rules, rules.initialState(), "pick:2-3");
        assertEquals(27, rules.chanceOutcomes(first).size(), "ice picks from the other 27");
        assertTrue(!rules.check(first, rules.parseMove("pick:2-3")).isLegal());
        PyrinoesState tie = rules.apply(first, rules.parseMove("pick:1-4"));
        assertEquals(Phase.WEIGHT_DRAW, tie.phase());
        assertEquals(State.CHANCE, tie.actor());
        assertEquals(28, rules.chanceOutcomes(tie).size(), "both dominoes go back for the redraw");
        PyrinoesState decided = Positions.replay(rules, tie, "pick:0-0 pick:1-1");
        assertEquals(1, decided.starter());
        assertEquals(Phase.DEAL, decided.phase());
    }

    @Test
    void thePlayerWhoWentSecondStartsTheNextRound() {
        PyrinoesState ended = rules.apply(fireScoresTenIceFive().starter(1).mover(0).state(), PyrinoesMove.PASS);
        assertEquals(Phase.DEAL, ended.phase());
        assertEquals(2, ended.round());
        assertEquals(0, ended.starter(), "ice went first in round 1, so fire starts round 2");
    }

    @Test
    void startingPlayersAlternateRoundByRoundInAWholeMatch() {
        for (long seed = 1; seed <= 4; seed++) {
            Map<Integer, Integer> starters = new HashMap<>();
            for (PyrinoesState state : RandomPlay.game(rules, seed)) {
                if (state.phase() == Phase.PLAY && state.line.length == 1 && state.handSize(0) == 9
                        && state.handSize(1) == 9 && state.boneyardSize() == 9 && state.pyrinoes0.length == 0
                        && state.pyrinoes1.length == 0 && state.pyramids == Pieces.FULL_SUPPLY) {
                    starters.putIfAbsent(state.round(), state.actor());
                }
            }
            assertTrue(starters.size() >= 2, "a match of several rounds");
            for (int round = 2; round <= starters.size(); round++) {
                assertEquals(1 - starters.get(round - 1), starters.get(round), "round " + round);
            }
        }
    }

    @Test
    void bothPlayersReachingTheThresholdTiedPlayAnotherRound() {
        PyrinoesState ended = rules.apply(fireScoresTenIceFive().scores(90, 95).state(), PyrinoesMove.PASS);
        assertEquals(100, ended.score(0));
        assertEquals(100, ended.score(1));
        assertEquals(Phase.DEAL, ended.phase(), "100 to 100: another round");
        assertEquals(2, ended.round());
    }

    @Test
    void bothPlayersOverTheThresholdTheHigherScoreWins() {
        PyrinoesState ended = rules.apply(fireScoresTenIceFive().scores(92, 96).state(), PyrinoesMove.PASS);
        assertTrue(ended.isTerminal());
        Outcome outcome = rules.outcome(ended);
        assertTrue(outcome.isSoleWinner(0), "102 beats 101");
        assertEquals(List.of(102.0, 101.0), outcome.scores());
    }

    @Test
    void reachingExactlyTheThresholdWins() {
        PyrinoesState ended = rules.apply(fireScoresTenIceFive().scores(90, 0).state(), PyrinoesMove.PASS);
        assertTrue(ended.isTerminal());
        assertTrue(rules.outcome(ended).isSoleWinner(0));
        PyrinoesState below = rules.apply(fireScoresTenIceFive().scores(89, 0).state(), PyrinoesMove.PASS);
        assertEquals(Phase.DEAL, below.phase(), "99 is not yet 100");
        assertThrows(IllegalStateException.class, () -> rules.outcome(below));
    }

    @Test
    void theThresholdIsAVariantParameter() {
        PyrinoesRules toFifty = Positions.rules("to-50");
        assertEquals(50, toFifty.target());
        assertTrue(toFifty.apply(fireScoresTenIceFive().scores(40, 0).state(), PyrinoesMove.PASS).isTerminal());
        assertEquals(Phase.DEAL, rules.apply(fireScoresTenIceFive().scores(40, 0).state(), PyrinoesMove.PASS).phase());
        assertEquals(200, Positions.rules("to-200").target());
        assertEquals(100, rules.target());
        Pyrinoes game = new Pyrinoes();
        for (String bad : List.of("to-0", "to-", "to-10001", "to-050", "to50", "fifty")) {
            assertThrows(IllegalArgumentException.class, () -> game.rules(new GameSetup(2, bad)), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> game.checkSetup(new GameSetup(3, "standard")));
    }

    @Test
    void aMatchEndsAfterFiftyRoundsTheHigherScoreWinningEqualScoresDrawn() {
        PyrinoesState drawn = rules.apply(fireScoresTenIceFive().round(50).scores(15, 20).state(), PyrinoesMove.PASS);
        assertTrue(drawn.isTerminal());
        assertTrue(rules.outcome(drawn).isDraw(), "25 to 25 after round 50");
        PyrinoesState won = rules.apply(fireScoresTenIceFive().round(50).scores(10, 20).state(), PyrinoesMove.PASS);
        assertTrue(rules.outcome(won).isSoleWinner(1), "25 beats 20 after round 50");
        PyrinoesState goesOn = rules.apply(fireScoresTenIceFive().round(49).scores(15, 20).state(), PyrinoesMove.PASS);
        assertEquals(Phase.DEAL, goesOn.phase());
        assertEquals(50, goesOn.round());
    }

    @Test
    void aRandomMatchIsPlayedToTheThresholdRoundByRound() {
        for (long seed = 1; seed <= 10; seed++) {
            PyrinoesState end = RandomPlay.finalState(rules, seed);
            assertTrue(Math.max(end.score(0), end.score(1)) >= 100 || end.round() == PyrinoesRules.ROUND_CAP);
            int[] sums = new int[2];
            for (PyrinoesRound round : end.rounds()) {
                sums[0] += round.points().get(0);
                sums[1] += round.points().get(1);
            }
            assertEquals(sums[0], end.score(0));
            assertEquals(sums[1], end.score(1));
            assertEquals(end.round(), end.rounds().size());
        }
    }

    @Test
    void theRenderingShowsEveryCompletedRoundsScores() {
        PyrinoesState ended = rules.apply(fireScoresTenIceFive().scores(30, 40).state(), PyrinoesMove.PASS);
        String text = rules.render(ended);
        assertTrue(text.contains("Scores: fire 40, ice 45"), text);
        assertTrue(text.contains("round  1: fire +10, ice +5 (hand totals 3/13, greens 0/5, fire ended it)"), text);
        assertTrue(rules.render(rules.view(ended, 1)).contains("round  1: fire +10, ice +5"));
    }

    @Test
    void theCommentaryAnnouncesEachRoundsScoresWhenTheRoundEnds() {
        PyrinoesState before = fireScoresTenIceFive().scores(30, 40).state();
        PyrinoesState ended = rules.apply(before, PyrinoesMove.PASS);
        assertEquals("round  1: fire +10, ice +5 (hand totals 3/13, greens 0/5, fire ended it); match: fire 40, ice 45",
                rules.commentary(before, ended));
        PyrinoesState next = rules.apply(ended, rules.chanceOutcomes(ended).get(0).move());
        assertEquals(null, rules.commentary(ended, next), "dealing the next round announces nothing");
    }

    @Test
    void theTargetParameterSetsTheThresholdAsToNDoes() {
        Pyrinoes game = new Pyrinoes();
        assertEquals(50, ((PyrinoesRules) game.rules(GameSetup.parse(2, "standard?target=50"))).target());
        assertEquals(100, ((PyrinoesRules) game.rules(GameSetup.parse(2, "standard"))).target());
        assertEquals(25, ((PyrinoesRules) game.rules(GameSetup.parse(2, "to-25"))).target());
        assertThrows(IllegalArgumentException.class, () -> game.rules(GameSetup.parse(2, "to-25?target=50")),
                "the threshold is given once");
        assertThrows(IllegalArgumentException.class, () -> game.rules(GameSetup.parse(2, "standard?target=0")));
        assertThrows(IllegalArgumentException.class, () -> game.rules(GameSetup.parse(2, "standard?target=7.5")));
        // The same seed plays the same match with the parameter as with the variant.
        assertEquals(RandomPlay.finalState(game.rules(GameSetup.parse(2, "to-30")), 4),
                RandomPlay.finalState(game.rules(GameSetup.parse(2, "standard?target=30")), 4));
    }

    @Test
    void theStarterIsUndecidedUntilTheWeightDrawThenAlternatesByRound() {
        for (long seed = 1; seed <= 5; seed++) {
            List<PyrinoesState> match = RandomPlay.game(rules, seed);
            assertEquals(State.CHANCE, rules.starter(match.get(0)));
            PyrinoesState first = match.stream().filter(s -> s.actor() >= 0).findFirst().orElseThrow();
            assertEquals(first.actor(), rules.starter(first), "the weight draw's winner acts first");
            int round = first.round();
            int starter = rules.starter(first);
            for (PyrinoesState state : match) {
                if (state.round() == round + 1 && state.actor() >= 0) {
                    assertEquals(1 - starter, rules.starter(state), "the other seat starts round " + state.round());
                    break;
                }
            }
        }
    }
}
