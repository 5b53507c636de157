package org.pyramidarena.arena.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Scoring;
import org.pyramidarena.api.State;
import org.pyramidarena.api.Variant;
import org.pyramidarena.api.View;

/**
 * What balance reads from a game comes from the game's contract: the running score and its
 * direction, the proxy's note and the caps, for the five games and for a game the arena has never
 * heard of.
 */
class GameMeasuresTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"pylon|2|", "pyraos|2|proxy: spheres in reserve", "pyrinoes|2|",
        "euronimoes|3|", "pyrametto|3|"})
    void theFiveGamesHaveARunningScoreAndThePyraosProxyIsNamed(String game, int players, String note) {
        GameMeasures measures = GameMeasures.of(Games.byId(game).rules(new GameSetup(players, "standard")));
        assertTrue(measures.scored(), game);
        assertEquals(note == null ? "" : note, measures.scoreNote());
    }

    @Test
    void whereTheLowerScoreLeadsTheLeaderIsTheSoleLowest() {
        GameMeasures measures = GameMeasures.of(Games.byId("euronimoes").rules(new GameSetup(3, "standard")));
        assertEquals(0, measures.leader(new double[] {3, 7, 5}));
        assertEquals(GameMeasures.NO_LEADER, measures.leader(new double[] {5, 7, 5}));
        assertEquals(1, measures.leader(new double[] {-1, -2, 0}));
    }

    @Test
    void aGameThatScoresOnlyAtItsEndHasNoLeaderAndItsLeadMetricsSaySo() {
        Rules<?, ?> rules = new SixtyFortyGame().rules(null);
        GameMeasures measures = GameMeasures.of(rules);
        assertFalse(measures.scored());
        assertEquals(GameMeasures.NO_LEADER, measures.leader(new double[] {1, 0}));
        assertEquals(GameMeasures.NO_LEADER, measures.leader(rules.initialState()));
        assertEquals("not applicable: the game has no running score", measures.scoreNote());
        assertFalse(measures.capped(new SixtyFortyGame.Position(3, 0, 0)), "the contract's default: no cap");
    }

    @Test
    void aGameTheArenaHasNeverHeardOfIsMeasuredByItsOwnRunningScoreAndCap() {
        Rules<Tally, Take> rules = new TallyGame().rules(new GameSetup(2, "standard"));
        GameMeasures measures = GameMeasures.of(rules);
        assertTrue(measures.scored());
        assertEquals("", measures.scoreNote());
        assertEquals(GameMeasures.NO_LEADER, measures.leader(rules.initialState()));
        Tally seatOneAhead = rules.apply(rules.apply(rules.initialState(), Take.ONE), Take.TWO);
        assertEquals(1, measures.leader(seatOneAhead));
        assertTrue(measures.outcomeIsLastScore());
        Tally reached = rules.apply(seatOneAhead, Take.TWO);
        assertTrue(reached.isTerminal());
        assertFalse(measures.capped(reached), "seat 0 reached 3 points");
        Tally level = new Tally(2, 2, TallyRules.CAP);
        assertTrue(level.isTerminal());
        assertTrue(measures.capped(level), "stopped by the move cap");
    }

    /** A move of the tally game: take one or two points. */
    enum Take implements Move {
        ONE, TWO;

        @Override
        public String notation() {
            return this == ONE ? "1" : "2";
        }
    }

    /** A tally: each seat's points and the moves made; seats alternate, seat 0 first. */
    record Tally(int points0, int points1, int moves) implements State, View {
        @Override
        public int actor() {
            return isOver() ? NONE : moves % 2;
        }

        private boolean isOver() {
            return points0 >= TallyRules.GOAL || points1 >= TallyRules.GOAL || moves >= TallyRules.CAP;
        }

        @Override
        public int players() {
            return 2;
        }

        @Override
        public int seat() {
            return OBSERVER;
        }
    }

    /**
     * A game no arena class names: two seats take one or two points in turn; the first to 3 wins, and
     * after 6 moves the game stops (a cap) with the higher tally winning.
     */
    static final class TallyGame implements Game {
        @Override
        public String id() {
            return "tally";
        }

        @Override
        public String displayName() {
            return "Tally";
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
            return List.of(new Variant("standard", "first to 3 points, at most 6 moves"));
        }

        @Override
        public String starterRule() {
            return "Seat 0 moves first.";
        }

        @Override
        public Scoring scoring() {
            return Scoring.HIGHER_POINTS_LEAD;
        }

        @Override
        public TallyRules rules(GameSetup setup) {
            return new TallyRules(this, setup);
        }
    }

    static final class TallyRules implements Rules<Tally, Take> {
        static final int GOAL = 3;
        static final int CAP = 6;

        private final Game game;
        private final GameSetup setup;

        TallyRules(Game game, GameSetup setup) {
            this.game = game;
            this.setup = setup;
        }

        @Override
        public Game game() {
            return game;
        }

        @Override
        public GameSetup setup() {
            return setup;
        }

        @Override
        public Tally initialState() {
            return new Tally(0, 0, 0);
        }

        @Override
        public int starter(Tally state) {
            return 0;
        }

        @Override
        public List<Take> legalMoves(Tally state) {
            return state.isTerminal() ? List.of() : List.of(Take.values());
        }

        @Override
        public List<ChanceOutcome<Take>> chanceOutcomes(Tally state) {
            return List.of();
        }

        @Override
        public Legality check(Tally state, Take move) {
            return state.isTerminal() ? new Legality(Legality.Reason.GAME_OVER, "over") : Legality.LEGAL;
        }

        @Override
        public Tally apply(Tally state, Take move) {
            int points = move == Take.ONE ? 1 : 2;
            return state.actor() == 0 ? new Tally(state.points0() + points, state.points1(), state.moves() + 1)
                    : new Tally(state.points0(), state.points1() + points, state.moves() + 1);
        }

        @Override
        public Outcome outcome(Tally state) {
            return Outcome.byHigherScore(state.points0(), state.points1());
        }

        @Override
        public double[] runningScore(Tally state) {
            return new double[] {state.points0(), state.points1()};
        }

        @Override
        public boolean endedByCap(Tally state) {
            return state.points0() < GOAL && state.points1() < GOAL;
        }

        @Override
        public View view(Tally state, int seat) {
            return state;
        }

        @Override
        public Tally determinize(View view, RandomGenerator rng) {
            return (Tally) view;
        }

        @Override
        public Take parseMove(String notation) {
            return notation.equals("1") ? Take.ONE : Take.TWO;
        }

        @Override
        public String render(Tally state) {
            return state.toString();
        }

        @Override
        public String render(View view) {
            return view.toString();
        }
    }
}
