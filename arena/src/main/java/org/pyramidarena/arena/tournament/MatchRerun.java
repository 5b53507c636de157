package org.pyramidarena.arena.tournament;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.MatchListener;
import org.pyramidarena.arena.match.MatchResult;
import org.pyramidarena.arena.match.MatchSettings;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.replay.Replay;
import org.pyramidarena.arena.replay.ReplayFiles;
import org.pyramidarena.arena.replay.Replays;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.PairingStrategy;
import org.pyramidarena.tournaments.pairing.Round;

/**
 * One match of a run played again, alone, as the run played it: the same bots with the same options,
 * the same seeds and the same opening (what {@code arena rerun} plays). A {@link Plan} is what the
 * run's folder says of the match; {@link #play} plays it, on the run's clock or another, and sets
 * the replay it leaves beside the run's own.
 */
public final class MatchRerun {

    private MatchRerun() {
    }

    /**
     * Everything that fixes a match of a run.
     *
     * @param run what the run was, for the header: {@code round-robin 'balance'} (a tournament's format
     *     and name; a study's cells are round-robins named balance), {@code sprt}
     * @param match the match's number in the run
     * @param rules the rules of its game, player count and variant
     * @param bots each seat's bot as the run entered it (a built-in name, a JAR, a {@code cmd:} line,
     *     with its options)
     * @param names each seat's name in the run (its entrant's)
     * @param masterSeed the run's master seed
     * @param settings the match's seeds, clock and opening
     * @param isolation how the run ran bot JARs: {@code process} or {@code in-process}
     * @param sandbox what the run's bot processes ran in: {@code bwrap} or {@code none}
     * @param replay the run's replay of the match, or null when it kept none (or has not played it)
     * @param recorded the match's result in the run's {@code results.csv}, or null when it has none (an
     *     SPRT run keeps no results, an interrupted run may not have played the match)
     */
    public record Plan(String run, int match, Rules<?, ?> rules, List<String> bots, List<String> names,
                       MasterSeed masterSeed, MatchSettings settings, String isolation, String sandbox, Path replay,
                       MatchRecord recorded) {

        public Plan {
            bots = List.copyOf(bots);
            names = List.copyOf(names);
        }

        /** This plan on another clock, e.g. one long enough to stop a bot in a debugger. */
        public Plan on(TimeControl clock) {
            return new Plan(run, match, rules, bots, names, masterSeed, new MatchSettings(settings.matchSeed(),
                    settings.dealSeed(), clock, settings.actionLimit(), settings.opening()), isolation, sandbox, replay,
                    recorded);
        }
    }

    /**
     * What playing a match again gave.
     *
     * @param result the match as it was played now
     * @param replay its replay
     * @param sameAsRun how it compares with the run: empty when the run kept neither a replay nor a
     *     result of the match; otherwise "" when every action is the same as the replay's (or, without
     *     a replay, the ranks, scores, moves and opening the same as the results'), or where they part
     */
    public record Played(MatchResult result, Replay replay, Optional<String> sameAsRun) {
    }

    /**
     * The clock of {@code --clock none}: a day a move, on the wall clock, so that a bot can be held in
     * a debugger. A bot that spends a share of its time thinks that long; a bot on a budget of nodes
     * or iterations plays as it did.
     */
    public static final TimeControl NO_CLOCK = new TimeControl(24 * 3600_000L, 0, 0);

    /** A run whose matches can be played again: a folder's tournament, study cell or SPRT run. */
    public interface Source {

        /** How the run ran bot JARs: {@code process} or {@code in-process} (null: the default, process). */
        String isolation();

        /** What the run's bot processes ran in: {@code bwrap} or {@code none}. */
        String sandbox();

        /** The run's bots as entered (built-in names, JARs, {@code cmd:} lines), before any is loaded. */
        List<String> bots();

        /**
         * The plan of one of the run's matches.
         *
         * @param contestants loads the run's bots, started as the run started them
         * @throws IllegalArgumentException with one line when the run has no such match
         */
        Plan plan(int match, ContestantFactory contestants) throws IOException;
    }

    /**
     * The run in a tournament's folder, a shard's, or a balance study cell's: each holds the run's
     * {@code settings.json}. Its settings are resolved again when a match is planned, so the bots must
     * still be where the run found them; a Swiss round is paired from the results of the rounds before
     * it, which must be in {@code results.csv}.
     *
     * @throws IllegalArgumentException with one line when the folder holds no such run (naming a
     *     study's cells when it is a study of several)
     */
    public static Source tournament(Path folder) throws IOException {
        Path settingsFile = folder.resolve(RunFolder.SETTINGS);
        if (!Files.isRegularFile(settingsFile)) {
            throw new IllegalArgumentException(noRun(folder));
        }
        TournamentSettings settings = TournamentSettings.read(settingsFile);
        Integer version = settings.version();
        if (version != null && version == TournamentSettings.VERSION_1) {
            throw new IllegalArgumentException(settingsFile + " is of a run begun by an older arena (settings version "
                    + TournamentSettings.VERSION_1 + "), whose seeds were derived otherwise: its matches cannot be "
                    + "played again as they were");
        }
        return new Source() {
            @Override
            public String isolation() {
                return settings.isolation();
            }

            @Override
            public String sandbox() {
                return settings.sandbox();
            }

            @Override
            public List<String> bots() {
                return settings.bots() == null ? List.of() : settings.bots().stream().map(Entrant::botOf).toList();
            }

            @Override
            public Plan plan(int match, ContestantFactory contestants) throws IOException {
                return tournamentPlan(folder, settings, match, contestants);
            }
        };
    }

    private static Plan tournamentPlan(Path folder, TournamentSettings settings, int match,
                                       ContestantFactory contestants) throws IOException {
        Tournament tournament = Tournament.resolve(settings, contestants);
        MatchSpec spec = spec(tournament, folder, match);
        if (spec.bye()) {
            throw new IllegalArgumentException("match " + match + " of " + folder + " is a bye, which nobody plays");
        }
        Map<String, String> botsByEntrant = tournament.botsByEntrant();
        List<String> bots = spec.bots().stream().map(botsByEntrant::get).toList();
        Path replay = folder.resolve(RunFolder.REPLAYS).resolve(RunFolder.replayName(match));
        Path results = folder.resolve(RunFolder.RESULTS);
        MatchRecord recorded = Files.isRegularFile(replay) || !Files.isRegularFile(results) ? null
                : ResultsFile.read(results).stream().filter(r -> r.match() == match).findFirst().orElse(null);
        Rules<?, ?> rules = Games.byId(spec.game()).rules(GameSetup.parse(spec.players(), spec.variant()));
        return new Plan(tournament.format() + " '" + tournament.name() + "'", match, rules, bots, spec.bots(),
                tournament.seed(), TournamentRunner.settings(tournament, spec), tournament.isolation(),
                tournament.sandbox(), Files.isRegularFile(replay) ? replay : null, recorded);
    }

    /** Why a folder has no match to play again, naming the cells of a study of several. */
    private static String noRun(Path folder) throws IOException {
        if (Files.isRegularFile(folder.resolve(RunFolder.STUDY))) {
            List<String> cells = new ArrayList<>();
            try (Stream<Path> found = Files.find(folder, 3, (path, attributes) ->
                    path.getFileName().toString().equals(RunFolder.SETTINGS))) {
                found.map(Path::getParent).sorted().limit(3).forEach(cell -> cells.add(cell.toString()));
            }
            return folder + " is a balance study of several cells, each a run of its own: give a cell's folder"
                    + (cells.isEmpty() ? "" : ", e.g. " + String.join(", ", cells));
        }
        return "no run in " + folder + " (no " + RunFolder.SETTINGS + " of a tournament or a study's cell, nor "
                + RunFolder.SPRT + " of an sprt run with --out)";
    }

    /** The match of the run's schedule numbered {@code match}. */
    private static MatchSpec spec(Tournament tournament, Path folder, int match) throws IOException {
        PairingStrategy strategy = tournament.strategy();
        PairingSetup setup = tournament.pairingSetup();
        if (strategy instanceof FixedSchedule fixed) {
            List<MatchSpec> schedule = fixed.schedule(setup);
            if (match < 0 || match >= schedule.size()) {
                throw new IllegalArgumentException("the run in " + folder + " has matches 0 to " + (schedule.size() - 1)
                        + ", not " + match);
            }
            MatchSpec spec = schedule.get(match);
            if (spec.index() == match) {
                return spec;
            }
            return schedule.stream().filter(m -> m.index() == match).findFirst().orElseThrow(
                    () -> new IllegalArgumentException("the run in " + folder + " schedules no match " + match));
        }
        // Swiss: each round is paired from the results of the rounds before it.
        List<MatchRecord> results = Files.exists(folder.resolve(RunFolder.RESULTS))
                ? ResultsFile.read(folder.resolve(RunFolder.RESULTS)) : List.of();
        List<MatchRecord> known = new ArrayList<>();
        Optional<Round> round;
        while ((round = strategy.nextRound(setup, known)).isPresent()) {
            List<MatchSpec> matches = round.get().matches();
            Optional<MatchSpec> found = matches.stream().filter(m -> m.index() == match).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            Set<Integer> indices = new HashSet<>();
            matches.forEach(m -> indices.add(m.index()));
            List<MatchRecord> played = results.stream().filter(r -> indices.contains(r.match())).toList();
            if (played.size() < indices.size()) {
                throw new IllegalArgumentException("match " + match + " of the Swiss run in " + folder + " is not "
                        + "paired: round " + round.get().number() + " is not all in " + RunFolder.RESULTS);
            }
            known.addAll(played);
        }
        throw new IllegalArgumentException("the Swiss run in " + folder + " has no match " + match);
    }

    /**
     * Plays a planned match on fresh contestants, telling a listener every action as it is played,
     * and compares it with the run's replay.
     *
     * @param contestants makes the seats; it must know the plan's bots
     * @param listener hears each action (to print it); may be {@link MatchListener#NONE}
     * @param sandboxUsed what the bot processes run in now ({@code bwrap} or {@code none}), for the replay
     * @param cage what backs the sandbox's limits now, or null
     */
    public static Played play(Plan plan, ContestantFactory contestants, MatchListener listener, String sandboxUsed,
                              String cage) {
        List<String> labels = new ArrayList<>();
        for (int seat = 0; seat < plan.bots().size(); seat++) {
            labels.add(plan.names().get(seat) + "@m" + plan.match() + "s" + seat);
        }
        MatchResult result = Matches.play(plan.rules(), plan.bots(), labels, contestants, plan.settings(), listener);
        Replay replay = Replays.of(plan.rules(), plan.names(), plan.bots().stream().map(contestants::jarSha256).toList(),
                plan.bots().stream().map(contestants::options).toList(), plan.masterSeed(), plan.settings(), result,
                sandboxUsed, cage);
        Optional<String> comparison = Optional.empty();
        if (plan.replay() != null) {
            comparison = Optional.of(difference(ReplayFiles.read(plan.replay()).actions(), replay.actions()));
        } else if (plan.recorded() != null) {
            comparison = Optional.of(difference(plan.recorded(), result));
        }
        return new Played(result, replay, comparison);
    }

    /** Where a match played again parts from its row in the results, "" when it does not. */
    static String difference(MatchRecord run, MatchResult now) {
        List<Integer> ranks = new ArrayList<>();
        List<Double> scores = new ArrayList<>();
        for (int seat = 0; seat < run.players(); seat++) {
            ranks.add(run.seat(seat).rank());
            scores.add(run.seat(seat).score());
        }
        String opening = TournamentRunner.openingText(now.actions());
        if (ranks.equals(now.outcome().ranks()) && scores.equals(now.outcome().scores()) && run.moves() == now.moves()
                && run.opening().equals(opening)) {
            return "";
        }
        return "the run's results have ranks " + ranks + ", scores " + scores + ", " + run.moves() + " moves"
                + (run.opening().isEmpty() ? "" : ", opening " + run.opening()) + "; this match ranks "
                + now.outcome().ranks() + ", scores " + now.outcome().scores() + ", " + now.moves() + " moves"
                + (opening.isEmpty() ? "" : ", opening " + opening);
    }

    /** Where two matches' actions part, "" when they are the same. */
    static String difference(List<Replay.Action> run, List<Replay.Action> now) {
        for (int i = 0; i < Math.min(run.size(), now.size()); i++) {
            Replay.Action before = run.get(i);
            Replay.Action again = now.get(i);
            if (before.actor() != again.actor() || !before.move().equals(again.move())) {
                return "action " + (i + 1) + ": the run played " + describe(before) + ", this match " + describe(again);
            }
        }
        if (run.size() != now.size()) {
            return "the run played " + run.size() + " actions, this match " + now.size();
        }
        return "";
    }

    private static String describe(Replay.Action action) {
        return (action.actor() == Replay.CHANCE ? "chance" : "seat " + action.actor()) + " " + action.move();
    }
}
