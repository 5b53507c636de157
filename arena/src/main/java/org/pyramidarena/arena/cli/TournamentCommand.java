package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.report.Report;
import org.pyramidarena.arena.report.ReplayViewer;
import org.pyramidarena.arena.report.ReportTally;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.tournament.BotSources;
import org.pyramidarena.arena.tournament.Entrant;
import org.pyramidarena.arena.tournament.GameChoices;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.ratings.RatingOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arena tournament}: a whole tournament of bots across games, seeded, concurrent and
 * resumable. With no options it plays the demonstration round-robin of the sample bots.
 */
@Command(name = "tournament", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play a tournament: a round-robin, Swiss or gauntlet of bots across games.",
            "Results are appended to results.csv in the output folder as each match ends; --resume continues "
                + "an interrupted run. With no options: a seeded demonstration round-robin of the sample bots "
                + "across all games."})
final class TournamentCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "round-robin, swiss or gauntlet (default: round-robin).")
    String format;

    @Option(names = "--games", split = ",", paramLabel = "GAME",
            description = "The games, comma-separated: all, or ID[:PLAYERS][/VARIANT][?PARAMETER=VALUE], e.g. "
                    + "pylon,pyrametto:4,pylon?komi=2.5 "
                    + "(default: all, multi-player games with 3 and with 4 players).")
    List<String> games;

    @Option(names = "--bot", split = ",", paramLabel = "BOT",
            description = "The entrants, repeatable or comma-separated: BOT (a built-in name, a JAR, a cmd: "
                    + "line), standing under the name the bot gives itself, or NAME=BOT to enter it under a name; a "
                    + "name entered twice unnamed becomes NAME-1, NAME-2 (default: the sample bots, four entrants).")
    List<String> bots;

    @Option(names = "--candidate", split = ",", paramLabel = "NAME",
            description = "Gauntlet: the entrants under test, each playing every other (default: the first bot).")
    List<String> candidates;

    @Option(names = "--cycles", paramLabel = "N",
            description = "Round-robin and gauntlet: how many times the whole schedule is played, on new deals "
                    + "(default: 1).")
    Integer cycles;

    @Option(names = "--rounds", paramLabel = "N",
            description = "Swiss: the number of rounds (default: log2 of the bot count, rounded up, plus one).")
    Integer rounds;

    @Option(names = "--seed", paramLabel = "SEED", converter = SeedOption.TextConverter.class,
            description = "The master seed every match's seeds derive from. " + SeedOption.HELP
                    + " A secret seed is kept in settings.json for --resume.")
    String seed;

    @Option(names = "--time", paramLabel = "DURATION", description = "Time per move, e.g. 200ms (default: 1s).")
    String time;

    @Option(names = "--bank", paramLabel = "DURATION", description = "Each seat's time bank (default: none).")
    String bank;

    @Option(names = "--first-move", paramLabel = "DURATION",
            description = "Extra time for each seat's first move (default: 2s).")
    String firstMove;

    @Option(names = "--clock", paramLabel = "KIND", description = ClockOptions.CLOCK_HELP + " (default: cpu).")
    String clock;

    @Option(names = "--wall-guard", paramLabel = "GUARD", description = ClockOptions.WALL_GUARD_HELP)
    String wallGuard;

    @Option(names = "--isolation", paramLabel = "MODE",
            description = "How bot JARs run: process (a JVM each, the default) or in-process (the referee's JVM, "
                    + "a class loader each; for trusted code only, with --trust-bots). Built-in bots run in-process, "
                    + "cmd: bots in a process.")
    String isolation;

    @Option(names = "--sandbox", paramLabel = "MODE", description = BotOptions.SANDBOX_HELP)
    String sandbox;

    @Option(names = "--ponder", description = BotOptions.PONDER_HELP)
    boolean ponder;

    @Mixin
    OpeningOptions openings;

    @Mixin
    TrustOption trust;

    @Mixin
    ShardOptions shards;

    @Option(names = "--bot-memory", paramLabel = "SIZE", defaultValue = BotLoader.DEFAULT_MEMORY,
            description = BotOptions.MEMORY_HELP)
    String memory;

    @Option(names = "--replays", paramLabel = "WHICH",
            description = "Which matches leave a replay in replays/ (gzip-compressed JSON): all, failures (a "
                    + "fault in the match) or none (default: all).")
    String replays;

    @Option(names = "--anchor", paramLabel = "BOT",
            description = "Fix this entrant's Elo at 0 in the standings (default: the pool average is 0).")
    String anchor;

    @Option(names = "--concurrency", paramLabel = "N",
            description = "Matches played at once; the results are the same for any value (default: the number "
                    + "of cores).")
    Integer concurrency;

    @Option(names = "--name", paramLabel = "NAME",
            description = "The tournament's name, written in every result row (default: the format).")
    String name;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Read the settings from a JSON tournament file (as the settings.json written beside "
                    + "results); options given here override it.")
    Path config;

    @Option(names = "--out", paramLabel = "DIR",
            description = "The output folder (default: a new folder under arena-out/).")
    Path out;

    @Option(names = "--resume",
            description = "Continue the tournament in --out DIR with its settings.json, playing only the "
                    + "matches missing from its results.csv (only --concurrency may change; bot JARs in-process "
                    + "need --trust-bots again, which settings.json never holds).")
    boolean resume;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Option(names = "--contest",
            description = "The contest preset, for bots you did not write: the sandbox required (--sandbox bwrap), "
                    + "a secret seed shown when the run is over (--seed secret), the CPU clock, a replay of every "
                    + "match, bot JARs in processes, no pondering and no --trust-bots; an option that says "
                    + "otherwise is refused. See docs/security.md.")
    boolean contest;

    /** What {@code --contest} sets: each with the options that may not say otherwise. */
    private TournamentSettings contestPreset() {
        List<String> conflicts = new ArrayList<>();
        conflict(conflicts, "--sandbox", sandbox, "bwrap");
        conflict(conflicts, "--seed", seed, MasterSeed.SECRET);
        conflict(conflicts, "--clock", clock, "cpu");
        conflict(conflicts, "--replays", replays, "all");
        conflict(conflicts, "--isolation", isolation, Isolation.PROCESS.label());
        if (ponder) {
            conflicts.add("--ponder");
        }
        if (trust.trusted) {
            conflicts.add("--trust-bots");
        }
        if (resume) {
            conflicts.add("--resume (a contest resumes with the settings its settings.json holds, without --contest)");
        }
        if (!conflicts.isEmpty()) {
            throw new UsageException("--contest sets the sandbox, a secret seed, the CPU clock, every replay and "
                    + "process isolation, with no pondering and no trusted bots; leave out " + String.join(", ", conflicts));
        }
        return new TournamentSettings(null, null, null, null, null, null, null, null, MasterSeed.SECRET, null, null,
                null, Isolation.PROCESS.label(), null, "all", "bwrap", "cpu", null, null);
    }

    private static void conflict(List<String> conflicts, String option, String given, String preset) {
        if (given != null && !given.equals(preset)) {
            conflicts.add(option + " " + given);
        }
    }

    @Override
    public void run() {
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        TournamentSettings settings;
        Path folder;
        Shard place = shards.place();
        if (resume && contest) {
            contestPreset();
        }
        if (resume) {
            if (out == null) {
                throw new UsageException("--resume needs --out DIR, the folder of the tournament to continue");
            }
            Path continued = place == null ? out : ShardOptions.folder(place, out);
            TournamentSettings given = commandLineSettings();
            if (!given.equals(onlyConcurrency(given)) || config != null) {
                throw new UsageException("--resume takes the settings from " + out.resolve(RunFolder.SETTINGS)
                        + "; only --concurrency may be given with it");
            }
            Path settingsFile = continued.resolve(RunFolder.SETTINGS);
            if (!Files.exists(settingsFile)) {
                throw new UsageException("no tournament to resume in " + continued + " (no "
                        + RunFolder.SETTINGS + ")");
            }
            settings = TournamentSettings.read(settingsFile).overriddenBy(given);
            folder = continued;
        } else {
            TournamentSettings base = config == null ? TournamentSettings.EMPTY : TournamentSettings.read(config);
            settings = base.overriddenBy(commandLineSettings());
            if (contest) {
                settings = settings.overriddenBy(contestPreset());
            }
            folder = place == null ? out : ShardOptions.folder(place, out);
        }
        ShardOptions.checkSeed(place, settings.seed());
        // A shard's folder that holds results is continued: a scheduler's retry runs the same command.
        if (!resume && place == null && folder != null && Files.exists(folder.resolve(RunFolder.RESULTS))) {
            throw new UsageException(folder + " already holds a tournament's results; continue it with --resume "
                    + "or choose another --out");
        }
        Isolation mode = Isolation.parse(settings.isolation() == null ? Tournament.DEFAULT_ISOLATION
                : settings.isolation());
        List<String> entered = settings.bots() == null ? List.of()
                : settings.bots().stream().map(Entrant::botOf).toList();
        trust.check(mode, entered, resume ? "with --resume if you trust it (settings.json holds the isolation, "
                + "never the permission)" : "if you trust it, or choose --isolation process");
        Sandbox box = BotOptions.sandbox(settings.sandbox() == null ? SandboxMode.AUTO.label() : settings.sandbox(),
                memory, ponder, stderr);
        settings = settings.withSandbox(box.label(), box.cage());
        try (RunDirectory run = RunDirectory.temporary();
             BotSources contestants = new BotSources(new BotLoader(mode, box, run, BotLoader.DEFAULT_HELLO_MILLIS))) {
            Tournament tournament = Tournament.resolve(settings, contestants);
            if (folder == null) {
                folder = RunOutput.newFolder(tournament.name());
            }
            TournamentRunner.Summary summary = play(tournament, contestants, box, folder, place, stdout, stderr);
            if (run.used() && summary.faults() > 0) {
                RunOutput.printBotLogs(stdout, run);
            }
        }
        stdout.flush();
    }

    private TournamentRunner.Summary play(Tournament tournament, BotSources contestants, Sandbox box, Path folder,
                                          Shard place, PrintWriter stdout, PrintWriter stderr) {
        stdout.printf("%s: %s of %d bots over %s, seed %s, %s%n", tournament.name(), tournament.format(),
                tournament.entrants().size(), String.join(" ", tournament.games().stream()
                        .map(GameChoices::label).toList()),
                SeedOption.shown(tournament.seed()), tournament.timeControl().describe());
        stdout.printf("sandbox: %s%n", box.describe());
        if (!tournament.openings().isNone()) {
            stdout.println(OpeningOptions.header(tournament.openings()));
        }
        tournament.sittingOut().forEach(line -> stdout.println("  " + line));
        stdout.printf("output: %s%n", folder);
        stdout.flush();
        Progress progress = quiet ? Progress.NONE : Progress.to(stderr, System.console() != null);
        RatingOptions ratingOptions = RatingOptions.defaults().withBootstrap(
                RatingOptions.defaults().bootstrapSamples(), tournament.bootstrapSeed());
        if (anchor != null) {
            if (tournament.entrants().stream().noneMatch(e -> e.name().equals(anchor))) {
                throw new UsageException("--anchor " + anchor + " is not one of the entrants");
            }
            ratingOptions = ratingOptions.withAnchor(anchor, 0);
        }
        TournamentRunner.Summary summary;
        try {
            ReportTally tally = new ReportTally();
            TournamentRunner runner = new TournamentRunner(tournament, contestants, progress, ratingOptions)
                    .addingUpAlso(tally::add);
            if (place != null) {
                summary = runner.asShard(place, "tournament", shards.waitMillis(), shards.notices(spec.commandLine().getErr())).run(folder, tournament.concurrency());
                RunOutput.printShard(stdout, place, summary, folder);
                return summary;
            }
            summary = runner.run(folder, tournament.concurrency());
            Report.write(folder, tally);
            ReplayViewer.writeAll(folder);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted; continue with --resume", e);
        }
        stdout.println();
        RunOutput.printRatings(stdout, summary.ratings());
        stdout.printf("%d matches (%d played now, %d from before)%n", summary.total(), summary.played(),
                summary.resumed());
        RunOutput.printFaults(stdout, summary.faultList(), folder);
        RunOutput.printFiles(stdout, summary, folder);
        SeedOption.publish(tournament.seed(), stdout);
        stdout.flush();
        return summary;
    }

    private TournamentSettings commandLineSettings() {
        return new TournamentSettings(null, name, format, games, bots, candidates, cycles, rounds, seed, time, bank,
                firstMove, isolation, concurrency, replays, sandbox, clock, wallGuard, null)
                .withOpenings(openings.books(), openings.plies());
    }

    private static TournamentSettings onlyConcurrency(TournamentSettings settings) {
        return new TournamentSettings(null, null, null, null, null, null, null, null, null, null, null, null, null,
                settings.concurrency(), null, null, null, null, null);
    }
}
