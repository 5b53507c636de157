package org.pyramidarena.bots;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Chance;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Outcome;
import org.pyramidarena.api.Player;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.Seeds;
import org.pyramidarena.api.State;

/**
 * Seeded, seat-swapped two-player matches between sample bots, played without the referee. The
 * unit tests use it for small checks; run {@link #main} by hand for the win-rate tables:
 *
 * <pre>
 * ./mvnw -q -o test-compile -pl sample-bots
 * java -cp "sample-bots/target/test-classes:sample-bots/target/classes:bot-api/target/classes" \
 *     org.pyramidarena.bots.BotDuels [rounds] [game,...] [bot:bot,...]
 * </pre>
 */
public final class BotDuels {

    /**
     * A clock so long that the search bots' fixed budgets, never their deadlines, end every search:
     * the results are then the same on a loaded machine as on an idle one.
     */
    static final Clock CLOCK = new Clock(60_000, 0);

    private static final Map<String, Supplier<Bot>> BOTS = Map.of(
            "random", RandomBot::new,
            "greedy", GreedyBot::new,
            "mcts", MctsBot::new,
            "alphabeta", AlphaBetaBot::new);

    private BotDuels() {
    }

    /** The outcome of one match and the time each seat spent thinking. */
    record Result(Outcome outcome, long[] nanos, int[] moves) {
    }

    /** Plays one match; chance is sampled from {@code seed}, seat {@code i} gets a seed derived from it. */
    static Result play(Game game, List<Bot> bots, long seed) {
        return play(game.rules(new GameSetup(bots.size(), game.defaultVariant())), bots, seed);
    }

    static <S extends State, M extends Move> Result play(Rules<S, M> rules, List<Bot> bots, long seed) {
        List<Player> players = new ArrayList<>();
        List<String> names = bots.stream().map(Bot::name).toList();
        for (int seat = 0; seat < bots.size(); seat++) {
            players.add(bots.get(seat).newPlayer(new MatchContext(rules, seat, names, Seeds.derive(seed, seat),
                    CLOCK.moveMillis(), CLOCK.bankMillis())));
        }
        long[] nanos = new long[bots.size()];
        int[] moves = new int[bots.size()];
        SplittableRandom chance = new SplittableRandom(seed);
        S state = rules.initialState();
        while (!state.isTerminal()) {
            if (state.actor() == State.CHANCE) {
                state = rules.apply(state, Chance.sample(rules.chanceOutcomes(state), chance));
            } else {
                int seat = state.actor();
                List<M> legal = rules.legalMoves(state);
                long start = System.nanoTime();
                Move move = players.get(seat).chooseMove(rules.view(state, seat), legal, CLOCK);
                nanos[seat] += System.nanoTime() - start;
                moves[seat]++;
                state = rules.apply(state, rules.parseMove(move.notation()));
            }
        }
        return new Result(rules.outcome(state), nanos, moves);
    }

    /**
     * A duel's tally from the first bot's side: matches played, matches it won alone, and its total
     * reward (the share of the other seats it finished ahead of, ties half).
     */
    record Tally(int matches, int wins, double reward, long nanosFirst, int movesFirst, long nanosSecond,
                 int movesSecond) {
        double score() {
            return reward / matches;
        }

        Tally plus(Result result, int firstSeat) {
            Outcome o = result.outcome();
            int n = o.players();
            double beaten = 0;
            long nanosOthers = 0;
            int movesOthers = 0;
            for (int seat = 0; seat < n; seat++) {
                if (seat != firstSeat) {
                    int cmp = Integer.compare(o.rank(seat), o.rank(firstSeat));
                    beaten += cmp > 0 ? 1 : cmp == 0 ? 0.5 : 0;
                    nanosOthers += result.nanos()[seat];
                    movesOthers += result.moves()[seat];
                }
            }
            return new Tally(matches + 1, wins + (o.isSoleWinner(firstSeat) ? 1 : 0), reward + beaten / (n - 1),
                    nanosFirst + result.nanos()[firstSeat], movesFirst + result.moves()[firstSeat],
                    nanosSecond + nanosOthers, movesSecond + movesOthers);
        }
    }

    /**
     * {@code rounds} seeds, each played once with the first bot in every seat and the second bot in
     * all the others, with the game's fewest players.
     */
    static Tally duel(String gameId, Supplier<Bot> first, Supplier<Bot> second, int rounds, ExecutorService pool)
            throws Exception {
        Game game = Games.byId(gameId);
        int players = game.minPlayers();
        List<Future<Result>> results = new ArrayList<>();
        for (long seed = 1; seed <= rounds; seed++) {
            for (int seat = 0; seat < players; seat++) {
                List<Supplier<Bot>> seats = new ArrayList<>();
                for (int i = 0; i < players; i++) {
                    seats.add(i == seat ? first : second);
                }
                long s = seed;
                results.add(pool.submit(() -> play(game, seats.stream().map(Supplier::get).toList(), s)));
            }
        }
        Tally tally = new Tally(0, 0, 0, 0, 0, 0, 0);
        for (int i = 0; i < results.size(); i++) {
            tally = tally.plus(results.get(i).get(), i % players);
        }
        return tally;
    }

    /** The Wilson score interval at 95% for a score (draws counting half) over {@code n} matches. */
    static double[] wilson(double score, int n) {
        double z = 1.959964;
        double centre = (score + z * z / (2 * n)) / (1 + z * z / n);
        double half = z / (1 + z * z / n) * Math.sqrt(score * (1 - score) / n + z * z / (4.0 * n * n));
        return new double[] {Math.max(0, centre - half), Math.min(1, centre + half)};
    }

    /** The Elo difference that predicts a score, rounded; a whitewash is an unbounded difference. */
    static String elo(double score) {
        if (score >= 1 - 1e-9) {
            return "+inf";
        }
        if (score <= 1e-9) {
            return "-inf";
        }
        return String.format("%+d", Math.round(400 * Math.log10(score / (1 - score))));
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        String[] games = args.length > 1 ? args[1].split(",")
                : new String[] {"pylon", "pyraos", "pyrinoes", "euronimoes", "pyrametto"};
        String[] duels = args.length > 2 ? args[2].split(",")
                : new String[] {"greedy:random", "mcts:greedy", "mcts:random", "alphabeta:greedy", "alphabeta:mcts"};
        int threads = Integer.getInteger("threads", Runtime.getRuntime().availableProcessors());
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        System.out.println("| game | duel | matches | won | score | Elo difference | 95% interval | ms/move |"
                + " seconds |");
        System.out.println("|---|---|---|---|---|---|---|---|---|");
        try {
            for (String gameId : games) {
                for (String duel : duels) {
                    String[] names = duel.split(":");
                    Supplier<Bot> a = BOTS.get(names[0]);
                    Supplier<Bot> b = BOTS.get(names[1]);
                    Game game = Games.byId(gameId);
                    if (!a.get().plays(game) || !b.get().plays(game)) {
                        continue;
                    }
                    long start = System.nanoTime();
                    Tally t = duel(gameId, a, b, rounds, pool);
                    double[] interval = wilson(t.score(), t.matches());
                    System.out.printf("| %s | %s | %d | %d | %.3f | %s | %s to %s | %.1f / %.1f | %.1f |%n",
                            gameId, duel.replace(":", " vs "), t.matches(), t.wins(), t.score(), elo(t.score()),
                            elo(interval[0]), elo(interval[1]),
                            t.nanosFirst() / 1e6 / Math.max(1, t.movesFirst()),
                            t.nanosSecond() / 1e6 / Math.max(1, t.movesSecond()),
                            (System.nanoTime() - start) / 1e9);
                }
            }
        } finally {
            pool.shutdown();
        }
    }
}
