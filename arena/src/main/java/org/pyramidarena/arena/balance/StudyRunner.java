package org.pyramidarena.arena.balance;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.common.ArenaVersion;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.sandbox.Sandbox;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.arena.tournament.Openings;
import org.pyramidarena.arena.tournament.Progress;
import org.pyramidarena.arena.tournament.Shard;
import org.pyramidarena.arena.tournament.Tournament;
import org.pyramidarena.arena.tournament.TournamentRunner;
import org.pyramidarena.arena.tournament.TournamentSettings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.FixedSchedule;
import org.pyramidarena.tournaments.ratings.RatingOptions;

/**
 * Plays a balance study with the referee, with no command line: each cell (a setup and a bot) is a
 * round-robin of copies of the bot, one in every seat, played by a {@link TournamentRunner} into the
 * cell's folder with a {@link CellObserver} measuring every game; {@link BalanceStudy} decides which
 * cells are played and what they add up to. At the end the study's files ({@link StudyFiles}) and its
 * {@code study.json} ({@link StudyManifest}) are in its folder; a report is the caller's to write
 * from them.
 */
public final class StudyRunner {

    /** Hears of each cell once its games are played. */
    @FunctionalInterface
    public interface CellListener {

        /** A listener that hears nothing. */
        CellListener NONE = (setup, bot, folder, summary) -> { };

        /**
         * @param folder the cell's folder
         * @param summary what the cell's run did: its balance, its faults
         */
        void played(Setup setup, String bot, Path folder, TournamentRunner.Summary summary);
    }

    private final StudyPlan plan;
    private final List<Setup> setups;
    private final List<String> bots;
    private final List<String> botFolders;
    private final Path folder;
    private final MasterSeed master;
    private final ContestantFactory contestants;
    private final Sandbox sandbox;
    private final Supplier<Progress> progress;
    private final CellListener listener;
    private final BalanceStudy study;
    private final Openings openings;

    /**
     * Makes the study's runner, refusing before any game is played a study that cannot be: one that
     * {@link BalanceStudy} refuses, a bot that does not play one of the setups every bot plays, a cell
     * whose tournament cannot be made.
     *
     * @param plan the study; its seed is a seed ({@link MasterSeed#parse}), not one still to draw
     * @param folder the study's folder (for a shard, the shard's own)
     * @param contestants makes the seats' contestants; it must know every bot
     * @param sandbox what bot processes run in, recorded in each cell's settings
     * @param progress makes what hears of each finished game, a new one for each cell (a progress
     *     report counts one run)
     * @param listener hears of each cell played
     * @throws IllegalArgumentException with one line saying what cannot be played
     */
    public StudyRunner(StudyPlan plan, Path folder, ContestantFactory contestants, Sandbox sandbox,
                       Supplier<Progress> progress, CellListener listener) {
        this.plan = plan;
        this.setups = plan.baseSetups();
        this.bots = plan.distinctBots();
        this.botFolders = botFolders(bots);
        this.folder = folder;
        this.master = MasterSeed.parse(plan.seed());
        this.contestants = contestants;
        this.sandbox = sandbox;
        this.progress = progress;
        this.listener = listener;
        this.study = new BalanceStudy(plan, setups, bots, botFolders, folder, master, new Cells());
        List<Setup> played = study.grid().isEmpty() ? setups : study.grid();
        // Checked here once for every setup; each cell's tournament loads them again for its own.
        this.openings = Openings.load(plan.openings() == null ? List.of() : plan.openings(),
                plan.randomOpening() == null ? 0 : plan.randomOpening(),
                played.stream().map(setup -> Games.byId(setup.game()).rules(setup.gameSetup())).toList());
        for (Setup setup : played) {
            for (String bot : bots) {
                if (!contestants.plays(bot, Games.byId(setup.game()))) {
                    throw new IllegalArgumentException("bot '" + bot + "' does not play " + setup.game()
                            + "; a study seats every bot in every setup");
                }
                Tournament.resolve(settings(setup, bot, 1), contestants);
            }
        }
    }

    /** The openings every game of the study starts from. */
    public Openings openings() {
        return openings;
    }

    /** The study's cells and games, as this runner plays them. */
    public BalanceStudy study() {
        return study;
    }

    /**
     * Plays one shard of a study of one cell ({@link BalanceStudy#single}) into the runner's folder,
     * the run's {@code shard-K-of-N}; {@code arena merge} joins the shards.
     *
     * @param waitMillis how long the shard waits for the others' rows (a Swiss tournament's; a cell is
     *     a round-robin, which waits for none)
     * @param notices hears what a waiting shard waits for
     * @throws IllegalStateException for a study of several cells
     */
    public TournamentRunner.Summary playShard(Shard place, long waitMillis, Consumer<String> notices)
            throws IOException, InterruptedException {
        if (!study.single()) {
            throw new IllegalStateException("only a study of one setup and one bot is played in shards");
        }
        Setup setup = setups.get(0);
        Tournament tournament = Tournament.resolve(settings(setup, bots.get(0),
                study.games(setup) / study.rotation(setup)), contestants);
        TournamentRunner runner = new TournamentRunner(tournament, contestants, progress.get(),
                RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed()));
        return runner.asShard(place, "balance", waitMillis, notices).run(folder, tournament.concurrency());
    }

    /**
     * Plays the study and writes its files and {@code study.json} into its folder.
     *
     * @return what it found
     */
    public BalanceStudy.Findings run() throws IOException, InterruptedException {
        BalanceStudy.Findings findings = study.run();
        StudyFiles.write(findings.result(), findings.fair(), folder, !study.single());
        List<StudyManifest.Bot> entries = new ArrayList<>();
        for (int b = 0; b < bots.size(); b++) {
            String bot = bots.get(b);
            entries.add(new StudyManifest.Bot(bot, contestants.name(bot), botFolders.get(b),
                    contestants.options(bot), contestants.jarSha256(bot)));
        }
        study.manifest(findings.result(), ArenaVersion.version(), entries).write(folder.resolve(RunFolder.STUDY));
        return findings;
    }

    /** Each bot's folder name in a study: lower case letters, digits, '.', '_' and '-', distinct. */
    private static List<String> botFolders(List<String> bots) {
        Set<String> taken = new HashSet<>();
        List<String> names = new ArrayList<>();
        for (String bot : bots) {
            String name = StudyFolder.botFolder(bot);
            while (!taken.add(name)) {
                name = name + "-" + (taken.size() + 1);
            }
            names.add(name);
        }
        return names;
    }

    /** A cell's round-robin: a copy of the bot in every seat, so that every match seats distinct entrants. */
    private TournamentSettings settings(Setup setup, String bot, int cycles) {
        List<String> copies = new ArrayList<>();
        for (int seat = 0; seat < Math.max(2, setup.players()); seat++) {
            copies.add(bot);
        }
        return new TournamentSettings(null, "balance", "round-robin", List.of(setup.notation()), copies, null, cycles,
                null, master.text(), plan.time(), null, null, plan.isolation(), plan.concurrency(), "none",
                sandbox.label(), plan.clock(), plan.wallGuard(), sandbox.cage()).withOpenings(plan.openings(),
                plan.randomOpening());
    }

    /** Plays a study's cells with the referee, each into its folder. */
    private final class Cells implements BalanceStudy.Player {

        @Override
        public int rotation(Setup setup) {
            Tournament once = Tournament.resolve(settings(setup, plan.bots().get(0), 1), contestants);
            return ((FixedSchedule) once.strategy()).schedule(once.pairingSetup()).size();
        }

        @Override
        public BalanceStudy.Played play(Setup setup, String bot, int games, Path cellFolder)
                throws IOException, InterruptedException {
            Tournament tournament = Tournament.resolve(settings(setup, bot, games / rotation(setup)), contestants);
            CellObserver observer = new CellObserver(games);
            TournamentRunner runner = new TournamentRunner(tournament, contestants, progress.get(),
                    RatingOptions.defaults().withBootstrap(0, tournament.bootstrapSeed())).observedBy(observer);
            TournamentRunner.Summary summary = runner.run(cellFolder, tournament.concurrency());
            listener.played(setup, bot, cellFolder, summary);
            return new BalanceStudy.Played(summary.balance(), observer.measures(), observer.features());
        }
    }
}
