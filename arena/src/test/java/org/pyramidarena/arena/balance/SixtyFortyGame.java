package org.pyramidarena.arena.balance;

import java.util.List;
import java.util.random.RandomGenerator;
import org.pyramidarena.api.ChanceOutcome;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Legality;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.Variant;
import org.pyramidarena.api.View;

/**
 * A two-player test game whose first seat wins 60% of the games by construction: seat 0 chooses
 * one of two moves, seat 1 has one (forced) move, then a chance node decides the winner, seat 0 with
 * probability 0.6. Two decisions a game, legal counts 2 and 1. It has no running score. Not
 * registered as a game: the tests hand its rules to the referee themselves.
 */
final class SixtyFortyGame implements Game {

    static final String ID = "sixty-forty";

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
        return List.of(new Variant("standard", "seat 0 wins 60% of the games"));
    }

    @Override
    public String starterRule() {
        return "Seat 0 moves first.";
    }

    @Override
    public Rules<?, ?> rules(GameSetup setup) {
        return new SixtyFortyRules(this, setup);
    }

    /** A move or a chance outcome by its notation. */
    record Token(String notation) implements Move {
    }

    /**
     * @param step 0: seat 0 to move; 1: seat 1; 2: chance; 3: over
     * @param winner the winning seat once over
     */
    record Position(int step, int winner) implements State, View {
        @Override
        public int actor() {
            return switch (step) {
                case 0 -> 0;
                case 1 -> 1;
                case 2 -> CHANCE;
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
        private static final List<ChanceOutcome<Token>> DRAW = List.of(new ChanceOutcome<>(new Token("win0"), 0.6),
                new ChanceOutcome<>(new Token("win1"), 0.4));

        private final Game game;
        private final GameSetup setup;

        SixtyFortyRules(Game game, GameSetup setup) {
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
        public int starter(Position state) {
            return 0;
        }

        @Override
        public Position initialState() {
            return new Position(0, -1);
        }

        @Override
        public List<Token> legalMoves(Position state) {
            return state.step() == 0 ? FIRST : state.step() == 1 ? SECOND : List.of();
        }

        @Override
        public List<ChanceOutcome<Token>> chanceOutcomes(Position state) {
            return state.step() == 2 ? DRAW : List.of();
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
            return state.step() == 2 ? new Position(3, move.notation().equals("win0") ? 0 : 1)
                    : new Position(state.step() + 1, -1);
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
