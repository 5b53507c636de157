package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.pyramidarena.api.Clock;
import org.pyramidarena.api.MatchContext;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.Contestant;

/**
 * What a bot JAR costs before its first move: one operation loads the random bot JAR in a process
 * of its own (a new JVM, in the bubblewrap sandbox with {@code sandbox=bwrap}), waits for its hello
 * and its answer to the first Pylon turn, then ends it. Each operation is timed on its own
 * (single-shot), the median and the spread coming from the runs.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 20)
@Fork(1)
public class BotStartBenchmark {

    /** The {@code --sandbox} the bot runs in: {@code none} or {@code bwrap}. */
    @Param({"none", "bwrap"})
    public String sandbox;

    private Path folder;
    private RunDirectory run;
    private BotLoader loader;
    private Path jar;
    private Rules<?, ?> rules;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        folder = Files.createTempDirectory("arena-benchmark-");
        run = new RunDirectory(folder);
        loader = new BotLoader(Isolation.PROCESS, ProcessRoundTripBenchmark.sandbox(sandbox), run,
                BotLoader.DEFAULT_HELLO_MILLIS);
        jar = ProcessRoundTripBenchmark.randomBotJar(folder.resolve("random.jar"));
        rules = RandomGames.rules("pylon");
    }

    @Benchmark
    public Answer startAndMove() {
        try (BotSource bot = loader.load(jar.toString())) {
            Contestant seat = bot.seat("benchmark");
            try {
                return firstMove(seat, rules);
            } finally {
                seat.close();
            }
        }
    }

    private static <S extends org.pyramidarena.api.State, M extends Move> Answer firstMove(Contestant seat,
                                                                                          Rules<S, M> rules) {
        S state = rules.initialState();
        seat.startMatch(new MatchContext(rules, 0, List.of("benchmark", "other"), 1, 10_000, 0));
        Answer answer = seat.chooseMove(rules.view(state, 0), rules.legalMoves(state), new Clock(10_000, 0));
        if (answer.isFault()) {
            throw new IllegalStateException("the bot faulted: " + answer.fault() + " " + answer.detail());
        }
        return answer;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        run.close();
    }
}
