package org.pyramidarena.arena.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.sandbox.SandboxMode;
import org.pyramidarena.arena.server.contest.ContestSettings;
import org.pyramidarena.arena.server.uploads.LocalCheck;
import org.pyramidarena.tournaments.MasterSeed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code arena check}: a contest server's upload check, on this machine, by the code the server
 * runs ({@link LocalCheck}), so a bot author learns before uploading what the server would say.
 * Exit status 0: the server would take the bot; 1: it would reject it (the reason is the one the
 * team page would show); 2: bad input; 4: the check itself failed.
 */
@Command(name = "check", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Check a bot file as a contest server checks an upload: the file's rules, then the bot must "
                + "start and say hello, play one of the contest's games at least, and play one match against random "
                + "in every game of the contest it plays without a fault.",
            "Exit status 0 when the server would take the bot, 1 when it would reject it (with its reason), 2 for "
                + "bad input, 4 when the check itself failed. See docs/contest-server.md."})
final class CheckCommand implements Callable<Integer> {

    /** The exit status of a bot the server would reject. */
    static final int REJECTED = 1;
    /**
     * The exit status when the check itself failed (the arena's fault, not the bot's): the status
     * every command gives when it fails (issue 41), never a rejection's 1.
     */
    static final int FAILED = 4;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BOT", description = "The file you would upload: a bot JAR, or a program "
            + "for one of the contest's interpreters (a .py file by default).")
    Path bot;

    @Option(names = "--contest", paramLabel = "FILE",
            description = "The contest's settings (its contest.json), for its games, clock, sandbox, bot memory, "
                    + "upload cap and interpreters (default: every game, and the defaults of docs/contest-server.md).")
    Path contest;

    @Option(names = "--games", split = ",", paramLabel = "GAME",
            description = "The contest's games, as tournament --games takes them, instead of the settings' games.")
    List<String> games;

    @Option(names = "--sandbox", paramLabel = "MODE",
            description = "What the bot runs in: bwrap, auto or none (default: the contest's sandbox with --contest, "
                    + "otherwise auto: bubblewrap where this machine can run it).")
    String sandbox;

    @Option(names = "--seed", paramLabel = "SEED", defaultValue = "1", converter = SeedOption.KnownConverter.class,
            description = "The check matches' master seed (the server's is secret): a whole number or 64 hex digits "
                    + "(default: ${DEFAULT-VALUE}).")
    MasterSeed seed;

    @Option(names = "--output", paramLabel = "DIR",
            description = "Keep the bot's working directory and standard-error log here (default: a temporary "
                    + "folder, removed at the end).")
    Path output;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (!Files.isRegularFile(bot)) {
            throw new UsageException("no file " + bot);
        }
        ContestSettings settings = contest == null ? ContestSettings.named("check").withSandbox(
                SandboxMode.AUTO.label()) : ContestSettings.read(contest);
        if (games != null) {
            settings = settings.withGames(games).check();
        }
        if (sandbox != null) {
            settings = settings.withSandbox(sandbox).check();
        }
        Sandbox box = Sandbox.resolve(settings.sandboxMode(), settings.limits(), false, line -> {
            err.println(line);
            err.flush();
        });
        LocalCheck.Verdict verdict;
        try (RunDirectory run = output != null ? new RunDirectory(output) : RunDirectory.temporary()) {
            verdict = LocalCheck.check(bot, settings, box, seed, run, line -> {
                out.println("check: " + line);
                out.flush();
            });
        } catch (IOException e) {
            throw new UsageException("cannot read " + bot + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException e) {
            // Not the bot's fault nor the user's: a status of its own, so a CI step never reads it as a rejection.
            err.println("arena check: failed: " + e);
            err.flush();
            return FAILED;
        }
        if (verdict.accepted()) {
            out.println("accepted: the server would take " + bot.getFileName() + " and play its qualifying matches");
            out.flush();
            return 0;
        }
        out.println("rejected: " + verdict.reason());
        out.flush();
        return REJECTED;
    }
}
