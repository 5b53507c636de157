package org.pyramidarena.bots;

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
import org.pyramidarena.bots.search.InformationSetMcts;

/**
 * Monte-Carlo tree search for every game: information-set MCTS over {@code determinize} for hidden
 * information, chance nodes sampled by their probabilities. It runs a fixed number of iterations a
 * move, so its play is reproducible from the match seed; it stops early, before a third of its
 * move time is used, on a machine too slow for that budget.
 */
public final class MctsBot implements Bot {

    /** Iterations a move. */
    static final int ITERATIONS = 400;
    /** The longest random playout, in actions. */
    static final int PLAYOUT_CAP = 1_000;

    @Override
    public String name() {
        return "mcts";
    }

    @Override
    public boolean plays(Game game) {
        return true;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        return searcher(context.rules(), new SplittableRandom(context.seed()));
    }

    private static <S extends State, M extends Move> Player searcher(Rules<S, M> rules, SplittableRandom rng) {
        InformationSetMcts<S, M> search = new InformationSetMcts<>(rules, rng, PLAYOUT_CAP);
        return new Player() {
            @Override
            @SuppressWarnings("unchecked")
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                long deadline = System.nanoTime() + clock.moveMillis() * 1_000_000L / 3;
                return search.choose(view, (List<M>) legalMoves, ITERATIONS, deadline);
            }
        };
    }
}
