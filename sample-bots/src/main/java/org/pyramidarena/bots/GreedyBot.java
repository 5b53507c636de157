package org.pyramidarena.bots;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.bots.search.Evaluator;

/**
 * One-move look-ahead: plays the move whose resulting position the game's evaluation likes best
 * (a move that wins outright first), ties broken by the match seed. Hidden information is filled
 * in once per move with {@code determinize}.
 */
public final class GreedyBot implements Bot {

    @Override
    public String name() {
        return "greedy";
    }

    @Override
    public boolean plays(Game game) {
        return Evaluators.forGame(game.id()).isPresent();
    }

    @Override
    public Player newPlayer(MatchContext context) {
        Evaluator evaluator = Evaluators.forGame(context.game().id())
                .orElseThrow(() -> new IllegalArgumentException("greedy does not play " + context.game().id()));
        return player(context.rules(), evaluator, context.seat(), new SplittableRandom(context.seed()));
    }

    private static <S extends State, M extends Move> Player player(Rules<S, M> rules, Evaluator evaluator, int seat,
                                                                    SplittableRandom rng) {
        return new Player() {
            @Override
            @SuppressWarnings("unchecked")
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                S state = rules.determinize(view, rng);
                List<M> best = new ArrayList<>();
                double bestValue = Double.NEGATIVE_INFINITY;
                for (M move : (List<M>) legalMoves) {
                    S next = rules.apply(state, move);
                    double value = next.isTerminal()
                            ? (rules.outcome(next).rank(seat) == 1 ? 1e6 : -1e6)
                            : evaluator.evaluate(next, seat);
                    if (value > bestValue) {
                        bestValue = value;
                        best.clear();
                    }
                    if (value == bestValue) {
                        best.add(move);
                    }
                }
                return best.get(rng.nextInt(best.size()));
            }
        };
    }
}
