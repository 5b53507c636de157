package org.pyramidarena.benchmarks;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
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
import org.pyramidarena.api.View;
import org.pyramidarena.arena.bots.BotJar;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.players.Answer;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.bots.RandomBot;

/**
 * {@code process} isolation: the round trip of one move to the random bot, a Java bot JAR in the
 * bundled host in a JVM of its own, answering at once. One operation is one {@code your_turn} sent
 * and its {@code move} read, as the referee does it (the view written as JSON, the host rebuilding
 * the typed view and the legal moves, the answer parsed). The positions are those of random Pylon
 * games, prepared beforehand so that the rules' cost is not in the figure. Sample mode gives the
 * median and the 99th percentile. With {@code sandbox=bwrap} the bot runs in the bubblewrap
 * sandbox, frozen between its turns as in a contest, so the figure includes resuming it before
 * {@code your_turn} and freezing it again after its answer. With {@code clock=cpu} the move is timed
 * in CPU time as well: from the cage's cgroup in the sandbox, from {@code /proc} over the bot's
 * process tree without one (under the wall clock the sandbox's cgroup is read too, being cheap).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 4)
@Fork(1)
public class ProcessRoundTripBenchmark {

    private static final int POSITIONS = 10_000;

    /** The {@code --sandbox} the bot runs in: {@code none} or {@code bwrap}. */
    @Param({"none", "bwrap"})
    public String sandbox;

    /** The clock the move is timed with: {@code wall} or {@code cpu}. */
    @Param({"wall", "cpu"})
    public String clockKind;

    private Path folder;
    private RunDirectory run;
    private BotSource bot;
    private Contestant seat;
    private final List<View> views = new ArrayList<>();
    private final List<List<? extends Move>> legal = new ArrayList<>();
    private Clock clock;
    private int next;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        clock = new Clock(1000, 0, clockKind.equals("cpu"));
        folder = Files.createTempDirectory("arena-benchmark-");
        run = new RunDirectory(folder);
        BotLoader loader = new BotLoader(Isolation.PROCESS, sandbox(sandbox), run, BotLoader.DEFAULT_HELLO_MILLIS);
        bot = loader.load(randomBotJar(folder.resolve("random.jar")).toString());
        seat = bot.seat("benchmark");
        Rules<?, ?> rules = RandomGames.rules("pylon");
        seat.startMatch(new MatchContext(rules, 0, List.of(bot.name(), "other"), 1, 1000, 0));
        positions(rules, new SplittableRandom(1));
    }

    /** The sandbox of a {@code --sandbox} choice, with the default limits; bwrap must be there. */
    static Sandbox sandbox(String mode) {
        return Sandbox.resolve(SandboxMode.parse(mode), Sandbox.Limits.DEFAULT, false, warning -> {
            throw new IllegalStateException(warning);
        });
    }

    @SuppressWarnings("unchecked")
    private <S extends org.pyramidarena.api.State, M extends Move> void positions(Rules<S, M> rules, SplittableRandom rng) {
        S state = rules.initialState();
        while (views.size() < POSITIONS) {
            if (state.isTerminal()) {
                state = rules.initialState();
            }
            List<M> moves = rules.legalMoves(state);
            views.add(rules.view(state, state.actor()));
            legal.add(moves);
            state = rules.apply(state, moves.get(rng.nextInt(moves.size())));
        }
    }

    @Benchmark
    public Answer roundTrip() {
        int i = next;
        next = (i + 1) % POSITIONS;
        Answer answer = seat.chooseMove(views.get(i), legal.get(i), clock);
        if (answer.isFault()) {
            throw new IllegalStateException("the bot faulted: " + answer.fault() + " " + answer.detail());
        }
        return answer;
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        seat.close();
        bot.close();
        run.close();
    }

    /** A bot JAR holding the random bot's classes and the service entry naming it. */
    static Path randomBotJar(Path file) {
        String folder = RandomBot.class.getName().replace('.', '/');
        try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(file))) {
            copyClass(out, folder + ".class");
            for (int inner = 1; copyClass(out, folder + "$" + inner + ".class"); inner++) {
                // The anonymous player classes, $1, $2, ...
            }
            out.putNextEntry(new JarEntry(BotJar.SERVICE_ENTRY));
            out.write((RandomBot.class.getName() + "\n").getBytes(StandardCharsets.UTF_8));
            out.closeEntry();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }

    private static boolean copyClass(JarOutputStream out, String entry) throws IOException {
        try (InputStream in = RandomBot.class.getClassLoader().getResourceAsStream(entry)) {
            if (in == null) {
                return false;
            }
            out.putNextEntry(new JarEntry(entry));
            in.transferTo(out);
            out.closeEntry();
            return true;
        }
    }
}
