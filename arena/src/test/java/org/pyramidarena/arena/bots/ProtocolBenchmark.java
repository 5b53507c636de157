package org.pyramidarena.arena.bots;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.rogues.Rogues;
import org.pyramidarena.bots.RandomBot;

/**
 * A measurement run by hand, not a test: the wire protocol's round trip per move for bots that
 * answer at once (a Java bot JAR in the bundled host, and the sample Python bot), and how long
 * after its limit a bot that hangs is forfeited. Run from the repository root after a build:
 *
 * <pre>java -cp arena/target/arena-all.jar:arena/target/test-classes org.pyramidarena.arena.bots.ProtocolBenchmark</pre>
 */
public final class ProtocolBenchmark {

    private static final int WARM_UP = 2_000;
    private static final int MOVES = 20_000;
    private static final int HANGS = 20;
    private static final long HANG_LIMIT_MILLIS = 200;

    private ProtocolBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("arena-benchmark-");
        try (RunDirectory run = new RunDirectory(dir)) {
            BotLoader loader = new BotLoader(Isolation.PROCESS, "256m", run, BotLoader.DEFAULT_HELLO_MILLIS);
            Path jar = TestJars.botJar(dir.resolve("random.jar"), RandomBot.class);
            roundTrip("Java bot JAR (bundled host)", loader.load(jar.toString()));
            if (PythonBotTest.hasPython() && Files.isRegularFile(Path.of("sample-bots/python/random_bot.py"))) {
                roundTrip("Python bot", loader.load("cmd:python3 sample-bots/python/random_bot.py"));
            }
            hangs(loader.load(TestJars.botJar(dir.resolve("sleeper.jar"), Rogues.Sleeper.class).toString()));
        }
    }

    private static void roundTrip(String name, BotSource bot) {
        Rules<?, ?> rules = Games.byId("pylon").rules(new GameSetup(2, "standard"));
        long[] nanos = new long[MOVES];
        try (bot; Contestant seat = bot.seat("benchmark")) {
            seat.startMatch(new MatchContext(rules, 0, List.of(bot.name(), "other"), 1, 1000, 0));
            play(rules, seat, WARM_UP, new long[WARM_UP]);
            play(rules, seat, MOVES, nanos);
        }
        Arrays.sort(nanos);
        System.out.printf("%s: %d moves, round trip median %.1f us, 99th percentile %.1f us%n", name, MOVES,
                nanos[MOVES / 2] / 1000.0, nanos[(int) (MOVES * 0.99)] / 1000.0);
    }

    /** Asks for moves in the positions of random games of Pylon, recording each answer's time. */
    @SuppressWarnings("unchecked")
    private static <S extends State, M extends Move> void play(Rules<S, M> rules, Contestant seat, int moves, long[] nanos) {
        S state = rules.initialState();
        for (int i = 0; i < moves; i++) {
            if (state.isTerminal()) {
                state = rules.initialState();
            }
            List<M> legal = rules.legalMoves(state);
            Answer answer = seat.chooseMove(rules.view(state, 0), legal, new Clock(1000, 0));
            if (answer.isFault()) {
                throw new IllegalStateException("the bot faulted: " + answer.fault() + " " + answer.detail());
            }
            nanos[i] = answer.nanos();
            state = rules.apply(state, rules.parseMove(answer.notation()));
        }
    }

    private static void hangs(BotSource sleeper) {
        Rules<?, ?> rules = Games.byId("pylon").rules(new GameSetup(2, "standard"));
        long[] overrun = new long[HANGS];
        try (sleeper) {
            for (int i = 0; i < HANGS; i++) {
                try (Contestant seat = sleeper.seat("hang")) {
                    seat.startMatch(new MatchContext(rules, 0, List.of("sleeper", "other"), 1, HANG_LIMIT_MILLIS, 0));
                    ask(rules, seat, new Clock(10_000, 0));
                    long start = System.nanoTime();
                    Answer answer = ask(rules, seat, new Clock(HANG_LIMIT_MILLIS, 0));
                    overrun[i] = System.nanoTime() - start - HANG_LIMIT_MILLIS * 1_000_000;
                    if (!answer.isFault()) {
                        throw new IllegalStateException("the sleeper answered");
                    }
                }
            }
        }
        Arrays.sort(overrun);
        System.out.printf("hanging bot, limit %d ms: forfeited after the limit by median %.2f ms, max %.2f ms (%d runs)%n",
                HANG_LIMIT_MILLIS, overrun[HANGS / 2] / 1e6, overrun[HANGS - 1] / 1e6, HANGS);
    }

    @SuppressWarnings("unchecked")
    private static <S extends State> Answer ask(Rules<S, ?> rules, Contestant seat, Clock clock) {
        S state = rules.initialState();
        return seat.chooseMove(rules.view(state, 0), rules.legalMoves(state), clock);
    }
}
