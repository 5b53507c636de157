package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sprt.SprtRun;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.MatchRerun;
import org.pyramidarena.tournaments.TerminationReason;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arena rerun}: one match of a run played again, alone, move by move, as the run played it
 * ({@link MatchRerun} plans and plays it); this class reads the options and prints.
 */
@Command(name = "rerun", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play one match of a tournament, a balance study's cell or an sprt run again, alone, as the "
                + "run played it: the same bots with the same options, the same seeds and the same opening, printed "
                + "move by move.",
            "The bots' working folders and logs and the match's replay are kept in --output; the moves are compared "
                + "with the run's replay of the match where it kept one. --clock none gives every move a day, so that "
                + "a bot can be stopped in a debugger."},
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the match ended by the rules", "3:a bot forfeited (a fault: timeout, crash, illegal move, ...)",
            "2:bad input (a folder without a run, a match it does not have, a bot that does not start)",
            "1:an unexpected failure of the arena"})
final class RerunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR",
            description = "The run's folder: a tournament's --out (or a shard's), a balance study's cell (SETUP/BOT/ "
                    + "of a study of several), or an sprt run's --out.")
    Path folder;

    @Option(names = "--match", required = true, paramLabel = "N",
            description = "The match: its number in results.csv and replays/ (in an sprt run, 2P and 2P+1 are pair P "
                    + "with the candidate in seat 0, then 1).")
    int match;

    @Option(names = "--clock", paramLabel = "KIND",
            description = "none (a day a move on the wall clock, to stop a bot in a debugger), cpu or wall "
                    + "(default: the run's clock).")
    String clock;

    @Option(names = "--time", paramLabel = "DURATION",
            description = "Time per move instead of the run's, e.g. 10m.")
    String time;

    @Option(names = "--sandbox", paramLabel = "MODE",
            description = "What bot processes run in: auto, bwrap or none (default: the run's).")
    String sandbox;

    @Option(names = "--bot-memory", paramLabel = "SIZE", defaultValue = BotLoader.DEFAULT_MEMORY,
            description = BotOptions.MEMORY_HELP)
    String memory;

    @Option(names = "--output", paramLabel = "DIR",
            description = "Where the bots' working folders, their standard-error logs (logs/) and the match's replay "
                    + "go (default: a new folder under arena-out/).")
    Path output;

    @Option(names = "--quiet", description = "Print only the outcome and the comparison with the run's replay.")
    boolean quiet;

    @Mixin
    TrustOption trust;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (!Files.isDirectory(folder)) {
            throw new UsageException("no run folder " + folder);
        }
        MatchRerun.Source source = Files.isRegularFile(folder.resolve(RunFolder.SPRT))
                ? SprtRun.read(folder.resolve(RunFolder.SPRT)) : MatchRerun.tournament(folder);
        Isolation mode = Isolation.parse(source.isolation() == null ? Isolation.PROCESS.label() : source.isolation());
        trust.check(mode, source.bots(), "if you trust it (the run ran it in-process)");
        if ("none".equals(clock) && time != null) {
            throw new UsageException("--clock none gives every move a day; leave out --time");
        }
        Sandbox box = BotOptions.sandbox(sandbox != null ? sandbox
                : source.sandbox() == null ? SandboxMode.AUTO.label() : source.sandbox(), memory, false,
                spec.commandLine().getErr());
        Path kept = output != null ? output : RunOutput.newFolder("rerun-match-" + match);
        boolean faulted;
        try (RunDirectory run = new RunDirectory(kept);
             BotSources contestants = new BotSources(new BotLoader(mode, box, run, BotLoader.DEFAULT_HELLO_MILLIS))) {
            MatchRerun.Plan recorded = source.plan(match, contestants);
            MatchRerun.Plan plan = recorded.on(clock(recorded.settings().timeControl()));
            header(out, plan, box);
            MatchRerun.Played played = MatchRerun.play(plan, contestants,
                    quiet ? MatchListener.NONE : MatchCommand.printer(out, plan.rules()), box.label(), box.cage());
            Path replay = kept.resolve(RunFolder.replayName(match));
            try {
                ReplayFiles.write(replay, played.replay());
            } catch (IOException e) {
                throw new UsageException("cannot write the replay to " + replay + ": " + e.getMessage());
            }
            if (!quiet) {
                out.println();
                out.print(MatchRunner.render(plan.rules(), played.result().finalState()));
            }
            out.println(MatchCommand.describe(played.result(), plan.names()));
            String against = plan.replay() != null ? "the run's replay " + plan.replay()
                    : "the run's " + folder.resolve(RunFolder.RESULTS);
            out.println(played.sameAsRun().map(difference -> difference.isEmpty()
                    ? (plan.replay() != null ? "the same " + played.replay().actions().size() + " actions as "
                    : "the same ranks, scores, moves and opening as ") + against
                    : "not as the run played it (" + against + "): " + difference)
                    .orElse("the run kept neither a replay nor a result of match " + match + " to compare with"));
            out.println("replay: " + replay);
            faulted = played.result().seatTerminations().stream().anyMatch(TerminationReason::isFault);
        }
        // Read once the run directory is closed, which lets its folders be listed again. Built-in bots
        // play in the referee and write no log of their own.
        Path logs = kept.resolve(RunFolder.LOGS);
        try (Stream<Path> written = Files.isDirectory(logs) ? Files.list(logs) : Stream.empty()) {
            if (written.findAny().isPresent()) {
                out.println("bot logs: " + logs);
            }
        }
        out.flush();
        return faulted ? MatchCommand.FAULTED : 0;
    }

    /** The clock asked for, or the run's. */
    private TimeControl clock(TimeControl run) {
        try {
            if ("none".equals(clock)) {
                return MatchRerun.NO_CLOCK;
            }
            TimeControl chosen = clock == null ? run : run.on(TimeControl.ClockKind.parse(clock), run.wallGuard());
            return time == null ? chosen : new TimeControl(TimeControl.parseMillis(time), chosen.bankMillis(),
                    chosen.firstMoveMillis(), chosen.clock(), chosen.wallGuard());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage().replace("(cpu or wall)", "(none, cpu or wall)"));
        }
    }

    private void header(PrintWriter out, MatchRerun.Plan plan, Sandbox box) {
        out.printf("match %d of the %s run in %s: %s, %d players, variant %s, seed %s%n", match, plan.run(), folder,
                plan.rules().game().displayName(), plan.rules().setup().players(),
                plan.rules().setup().variantNotation(), SeedOption.shown(plan.masterSeed()));
        TimeControl timeControl = plan.settings().timeControl();
        out.printf("clock: %s%n", timeControl.equals(MatchRerun.NO_CLOCK) ? "none (a day a move)"
                : timeControl.describe());
        if (!plan.settings().opening().isNone()) {
            out.printf("opening: %s%n", plan.settings().opening().describe());
        }
        out.printf("sandbox: %s%n", box.describe());
        for (int seat = 0; seat < plan.bots().size(); seat++) {
            String name = plan.names().get(seat);
            String bot = plan.bots().get(seat);
            out.printf("  seat %d: %s%n", seat, name.equals(bot) ? name : name + " (" + bot + ")");
        }
        out.flush();
    }
}
