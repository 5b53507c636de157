package org.pyramidarena.arena.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.pyramidarena.api.Game;
import org.pyramidarena.api.Move;
import org.pyramidarena.api.Options;
import org.pyramidarena.api.Rules;
import org.pyramidarena.api.State;
import org.pyramidarena.arena.bots.BotLoader;
import org.pyramidarena.arena.bots.BotSource;
import org.pyramidarena.arena.bots.BotSpec;
import org.pyramidarena.arena.bots.Isolation;
import org.pyramidarena.arena.bots.RunDirectory;
import org.pyramidarena.arena.match.ActionRecord;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchRunner;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.players.Contestant;
import org.pyramidarena.arena.players.ProcessContestant;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.TerminationReason;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code arena match}: one match between bots, printed move by move. Its exit status tells a script
 * how the match went: 0 when it ended by the rules, {@link #FAULTED} when a bot forfeited, 2 for bad
 * input and 4 when the arena failed, as every command.
 */
@Command(name = "match", mixinStandardHelpOptions = true,
        description = "Play one match and print each move, the final board and the outcome.",
        exitCodeListHeading = "%nExit status:%n",
        exitCodeList = {"0:the match ended by the rules", "3:a bot forfeited (a fault: timeout, crash, illegal move, ...)",
            "2:bad input (an option, a file, a bot that does not start)", "4:the arena failed: no result"})
final class MatchCommand implements Callable<Integer> {

    /** The exit status of a match in which a bot forfeited. */
    static final int FAULTED = ArenaCommand.MATCH_FAULTED;

    @Spec
    CommandSpec spec;

    @Mixin
    GameOptions gameOptions;

    @Mixin
    ClockOptions clockOptions;

    @Mixin
    BotOptions botOptions;

    @Mixin
    TrustOption trust;

    @Option(names = "--bot", required = true, paramLabel = "BOT",
            description = "A bot per seat, in seat order: a built-in bot's name, a bot JAR, or 'cmd:' and a "
                    + "command line speaking the wire protocol (e.g. --bot random --bot my-bot.jar), optionally "
                    + "followed by its options, as in --bot \"mcts?iterations=800&think=0.5\"; see 'arena bots'.")
    List<String> bots;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "SEED", converter = SeedOption.Converter.class,
            description = "The master seed the match's seeds derive from: the same seed plays the same match. "
                    + SeedOption.HELP)
    MasterSeed seed;

    @Option(names = "--quiet", description = "Print only the outcome (and, when a bot forfeited, where its log is).")
    boolean quiet;

    @Option(names = "--replay", paramLabel = "FILE",
            description = "Also write the match's replay to FILE (gzip-compressed when it ends in .gz).")
    java.nio.file.Path replayFile;

    @Override
    public Integer call() {
        Rules<?, ?> rules = gameOptions.rules();
        Game game = rules.game();
        trust.check(Isolation.parse(botOptions.isolation), bots);
        if (bots.size() != rules.setup().players()) {
            throw new UsageException(game.id() + " with " + rules.setup().players() + " players needs "
                    + rules.setup().players() + " --bot options, not " + bots.size());
        }
        PrintWriter out = spec.commandLine().getOut();
        List<BotSource> sources = new ArrayList<>();
        List<Contestant> seats = new ArrayList<>();
        List<BotSource> seatSources = new ArrayList<>();
        boolean faulted;
        try (RunDirectory run = botOptions.runDirectory()) {
            try {
                Sandbox sandbox = botOptions.sandbox(spec.commandLine().getErr());
                BotLoader loader = botOptions.loader(run, sandbox);
                Map<String, BotSource> byBot = new HashMap<>();
                List<Options> seatOptions = new ArrayList<>();
                for (String value : bots) {
                    BotSpec parsed = BotSpec.parse(value);
                    BotSource bot = byBot.get(parsed.bot());
                    if (bot == null) {
                        bot = loader.load(parsed.bot());
                        byBot.put(parsed.bot(), bot);
                        sources.add(bot);
                    }
                    if (!bot.plays(game)) {
                        throw new UsageException("bot '" + value + "' does not play " + game.id());
                    }
                    seatOptions.add(bot.options(parsed.options()));
                }
                for (int seat = 0; seat < bots.size(); seat++) {
                    BotSource bot = byBot.get(BotSpec.parse(bots.get(seat)).bot());
                    seats.add(bot.seat(bot.name() + "@seat" + seat, seatOptions.get(seat)));
                    seatSources.add(bot);
                }
                MatchResult result = play(out, rules, seats, seatSources, seatOptions, sandbox);
                faulted = result.seatTerminations().stream().anyMatch(TerminationReason::isFault);
                boolean processFault = false;
                for (int seat = 0; seat < seats.size(); seat++) {
                    processFault |= result.seatTerminations().get(seat).isFault()
                            && seats.get(seat) instanceof ProcessContestant;
                }
                if (processFault) {
                    RunOutput.printBotLogs(out, run);
                }
            } finally {
                seats.forEach(Contestant::close);
                sources.forEach(BotSource::close);
            }
        }
        out.flush();
        return faulted ? FAULTED : 0;
    }

    private MatchResult play(PrintWriter out, Rules<?, ?> rules, List<Contestant> seats, List<BotSource> sources,
                             List<Options> options, Sandbox sandbox) {
        Game game = rules.game();
        List<String> names = new ArrayList<>();
        for (int seat = 0; seat < seats.size(); seat++) {
            String given = options.get(seat).notation();
            names.add(seats.get(seat).name() + (given.isEmpty() ? "" : BotSpec.OPTIONS + given));
        }
        if (!quiet) {
            out.printf("%s, %d players, variant %s, seed %s%n", game.displayName(), rules.setup().players(),
                    rules.setup().variantNotation(), SeedOption.shown(seed));
            out.printf("sandbox: %s%n", sandbox.describe());
            for (int seat = 0; seat < seats.size(); seat++) {
                out.printf("  seat %d: %s%n", seat, names.get(seat));
            }
        }
        MatchSettings settings = MatchSettings.of(seed, clockOptions.timeControl(TimeControl.ClockKind.WALL));
        MatchResult result = MatchRunner.run(rules, seats, settings, quiet ? MatchListener.NONE : printer(out, rules));
        if (replayFile != null) {
            try {
                ReplayFiles.write(replayFile, Replays.of(rules, bots, sources.stream().map(BotSource::jarSha256).toList(),
                        options.stream().map(Options::given).toList(), seed, settings, result, sandbox.label(),
                        sandbox.cage()));
            } catch (java.io.IOException e) {
                throw new UsageException("cannot write the replay to " + replayFile + ": " + e.getMessage());
            }
        }
        if (!quiet) {
            out.println();
            out.print(MatchRunner.render(rules, result.finalState()));
        }
        out.println(describe(result, names));
        SeedOption.publish(seed, out);
        return result;
    }

    static String describe(MatchResult result, List<String> names) {
        StringBuilder text = new StringBuilder("outcome:");
        for (int seat = 0; seat < names.size(); seat++) {
            text.append(seat == 0 ? " " : ", ").append("seat ").append(seat).append(" (")
                    .append(names.get(seat)).append(") rank ").append(result.outcome().rank(seat))
                    .append(" score ").append(formatScore(result.outcome().score(seat)));
        }
        text.append(result.outcome().isDraw() ? " - a draw" : "");
        if (result.termination() != TerminationReason.NORMAL) {
            text.append(System.lineSeparator()).append("termination: ").append(result.termination().label());
            if (!result.faultDetail().isEmpty()) {
                text.append(" - ").append(result.faultDetail());
            }
        }
        return text.toString();
    }

    private static String formatScore(double score) {
        return score == Math.rint(score) ? Long.toString((long) score) : Double.toString(score);
    }

    /** What prints a match's actions as they are played: {@code match}'s and {@code rerun}'s. */
    static <S extends State, M extends Move> Printer<S, M> printer(PrintWriter out, Rules<S, M> rules) {
        return new Printer<>(out, rules);
    }

    /** Prints each action as it is played, and the rules' commentary (a round's scores) when there is one. */
    static final class Printer<S extends State, M extends Move> implements MatchListener {
        private final PrintWriter out;
        private final Rules<S, M> rules;
        private S previous;
        private int move;

        Printer(PrintWriter out, Rules<S, M> rules) {
            this.out = out;
            this.rules = rules;
            this.previous = rules.initialState();
        }

        @Override
        public void action(int index, ActionRecord action, State after) {
            if (action.actor() == State.CHANCE) {
                out.printf("       chance: %s%s%n", action.notation(), action.opening() ? " (opening)" : "");
            } else {
                out.printf("%4d. seat %d: %s%s%n", ++move, action.actor(), action.notation(),
                        action.fallback() ? " (fallback)" : action.opening() ? " (opening)" : "");
            }
            @SuppressWarnings("unchecked") // the runner applies these rules, so every state is theirs
            S next = (S) after;
            String commentary = rules.commentary(previous, next);
            if (commentary != null) {
                out.printf("       %s%n", commentary);
            }
            previous = next;
        }

        @Override
        public void fault(int seat, TerminationReason reason, String detail) {
            out.printf("       seat %d forfeits: %s - %s%n", seat, reason.label(), detail);
        }
    }
}
