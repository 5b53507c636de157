package org.pyramidarena.arena.balance;

import java.util.ArrayList;
import java.util.List;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Parameter;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.Variant;
import org.pyramidarena.api.View;

/**
 * A two-player test game whose starter wins 60% of the games by construction: the starter chooses
 * one of two moves, the other seat has one (forced) move, then a chance node decides the winner, the
 * starter with probability {@code edge} (a design parameter, 0.6 by default). In the {@code standard}
 * variant seat 0 starts; in {@code drawn} a chance node first draws the starter, each seat with
 * probability 1/2, so the starter wins 60% and seat 0 half the games. Two decisions a game, legal
 * counts 2 and 1. It has no running score. Not registered as a game: the tests hand its rules to the
 * referee themselves.
 */
final class SixtyFortyGame implements Game {

    static final String ID = "sixty-forty";
    /** The starter's chance to win. */
    static final String EDGE = "edge";

    @Override
    public String id() {
        return ID;
    }

    @Override
    public String displayName() {
        return "Sixty-forty";
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
        return List.of(new Variant("standard", "seat 0 starts and wins 60% of the games"),
                new Variant("drawn", "a draw decides who starts, and the starter wins 60% of the games"));
    }

    @Override
    public List<Parameter> parameters() {
        return List.of(new Parameter(EDGE, "the starter's chance to win", 0, 1, 0.6, false, 0.05));
    }

    @Override
    public String starterRule() {
        return "Seat 0 starts; in the drawn variant a draw decides.";
    }

    @Override
    public Rules<?, ?> rules(GameSetup setup) {
        return new SixtyFortyRules(this, setup);
    }

    /** A move or a chance outcome by its notation. */
    record Token(String notation) implements Move {
    }

    /**
     * @param step -1: chance draws the starter; 0: the starter to move; 1: the other seat; 2: chance
     *     decides the winner; 3: over
     * @param starter the seat that starts, or -1 before it is drawn
     * @param winner the winning seat once over
     */
    record Position(int step, int starter, int winner) implements State, View {
        @Override
        public int actor() {
            return switch (step) {
                case 0 -> starter;
                case 1 -> 1 - starter;
                case -1, 2 -> CHANCE;
                default -> NONE;
            };
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

    static final class SixtyFortyRules implements Rules<Position, Token> {
        private static final List<Token> FIRST = List.of(new Token("a"), new Token("b"));
        private static final List<Token> SECOND = List.of(new Token("c"));
        private static final List<ChanceOutcome<Token>> STARTERS = List.of(
                new ChanceOutcome<>(new Token("starts0"), 0.5), new ChanceOutcome<>(new Token("starts1"), 0.5));

        private final Game game;
        private final GameSetup setup;
        private final List<ChanceOutcome<Token>> winners;
        private final boolean drawn;

        SixtyFortyRules(Game game, GameSetup setup) {
            this.game = game;
            this.setup = setup;
            double edge = setup == null ? 0.6 : setup.parameter(EDGE, 0.6);
            List<ChanceOutcome<Token>> outcomes = new ArrayList<>();
            if (edge > 0) {
                outcomes.add(new ChanceOutcome<>(new Token("starter"), edge));
            }
            if (edge < 1) {
                outcomes.add(new ChanceOutcome<>(new Token("other"), 1 - edge));
            }
            this.winners = List.copyOf(outcomes);
            this.drawn = setup != null && setup.variant().equals("drawn");
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
        public Position initialState() {
            return drawn ? new Position(-1, -1, -1) : new Position(0, 0, -1);
        }

        @Override
        public int starter(Position state) {
            return state.starter() < 0 ? State.CHANCE : state.starter();
        }

        @Override
        public List<Token> legalMoves(Position state) {
            return state.step() == 0 ? FIRST : state.step() == 1 ? SECOND : List.of();
        }

        @Override
        public List<ChanceOutcome<Token>> chanceOutcomes(Position state) {
            return state.step() == -1 ? STARTERS : state.step() == 2 ? winners : List.of();
        }

        @Override
        public Legality check(Position state, Token move) {
            boolean listed = legalMoves(state).contains(move)
                    || chanceOutcomes(state).stream().anyMatch(o -> o.move().equals(move));
            return listed ? Legality.LEGAL : Legality.violation(move.notation() + " is not playable now");
        }

        @Override
        public Position apply(Position state, Token move) {
            if (!check(state, move).isLegal()) {
                throw new IllegalArgumentException(move.notation() + " is not playable now");
            }
            return switch (state.step()) {
                case -1 -> new Position(0, move.notation().equals("starts0") ? 0 : 1, -1);
                case 2 -> new Position(3, state.starter(), move.notation().equals("starter") ? state.starter()
                        : 1 - state.starter());
                default -> new Position(state.step() + 1, state.starter(), -1);
            };
        }

        @Override
        public Outcome outcome(Position state) {
            if (!state.isTerminal()) {
                throw new IllegalStateException("not over");
            }
            return Outcome.byHigherScore(state.winner() == 0 ? 1 : 0, state.winner() == 1 ? 1 : 0);
        }

        @Override
        public View view(Position state, int seat) {
            return state;
        }

        @Override
        public Position determinize(View view, RandomGenerator rng) {
            return (Position) view;
        }

        @Override
        public Token parseMove(String notation) {
            return new Token(notation);
        }

        @Override
        public String render(Position state) {
            return state.toString();
        }

        @Override
        public String render(View view) {
            return view.toString();
        }
    }
}
