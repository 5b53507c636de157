package org.pyramidarena.bots;

import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.BotOption;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.api.View;
import org.pyramidarena.bots.search.AlphaBeta;
import org.pyramidarena.bots.search.Evaluator;

/**
 * Alpha-beta search with a transposition table, for the two-player games of perfect information
 * without chance. It searches a fixed number of nodes a move, so its play is reproducible; it stops
 * early (see {@link Deadlines}) only on a machine too slow for that budget. With {@code think} it
 * searches for a share of its move time instead. Each move's info ({@link Player#moveInfo}) says the
 * depth its search completed, its score and the nodes it visited.
 */
public final class AlphaBetaBot implements Bot {

    /** Nodes searched a move, by default. */
    static final int DEFAULT_NODES = 80_000;

    static final BotOption NODES = BotOption.integer("nodes", DEFAULT_NODES, 1, Integer.MAX_VALUE,
            "nodes searched a move");
    static final BotOption THINK = Deadlines.THINK;

    private static final List<BotOption> OPTIONS = List.of(NODES, THINK);
    private static final Set<String> GAMES = Set.of("pylon", "pyraos");

    @Override
    public String name() {
        return "alphabeta";
    }

    @Override
    public boolean plays(Game game) {
        return GAMES.contains(game.id()) && Evaluators.forGame(game.id()).isPresent();
    }

    @Override
    public List<BotOption> options() {
        return OPTIONS;
    }

    @Override
    public Player newPlayer(MatchContext context) {
        Evaluator evaluator = Evaluators.forGame(context.game().id())
                .orElseThrow(() -> new IllegalArgumentException("alphabeta does not play " + context.game().id()));
        double think = context.options().decimal(THINK);
        // A think share without a node count searches until its time is up.
        long nodes = context.options().given().containsKey(NODES.name()) || think == 0
                ? context.options().integer(NODES) : Long.MAX_VALUE;
        return player(context.rules(), evaluator, nodes, think, new SplittableRandom(context.seed()));
    }

    private static <S extends State, M extends Move> Player player(Rules<S, M> rules, Evaluator evaluator, long nodes,
                                                                    double think, SplittableRandom rng) {
        AlphaBeta<S, M> search = new AlphaBeta<>(rules, evaluator);
        return new Player() {
            @Override
            public Move chooseMove(View view, List<? extends Move> legalMoves, Clock clock) {
                S state = rules.determinize(view, rng);
                return search.choose(state, nodes, clock::now, Deadlines.deadline(clock, think));
            }

            /** How deep the move's search went and what it thought of the position: kept in the replay. */
            @Override
            public String moveInfo() {
                return search.info();
            }
        };
    }
}
