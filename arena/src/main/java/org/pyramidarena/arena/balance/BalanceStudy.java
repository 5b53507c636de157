package org.pyramidarena.arena.balance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.stats.Balance;

/**
 * A balance study's workflow, whatever plays its games: the setups it plays (those given, a sweep's
 * values of a parameter in each, or the values a search for a fair value visits), the games of each
 * cell (the games asked, rounded up to whole seat rotations of that setup), where each cell's files
 * go, and each cell's metrics, bootstrapped in blocks of its own rotation with the seed of that
 * rotation ({@link Metrics#seed}). What it finds is then written by {@link StudyFiles}.
 */
public final class BalanceStudy {

    /** What plays a cell's games: the referee, in the arena. */
    public interface Player {

        /** The games of one seat rotation of a setup with copies of one bot: the bootstrap's block. */
        int rotation(Setup setup);

        /**
         * Plays a cell's games into its folder.
         *
         * @param games a whole number of rotations
         */
        Played play(Setup setup, String bot, int games, Path folder) throws IOException, InterruptedException;
    }

    /**
     * What a cell's games left.
     *
     * @param balance the seat balance of its results
     * @param measures what was read from its states
     * @param features each game's sums ({@link Metrics#features}), in schedule order
     */
    public record Played(Balance balance, GameMeasures measures, List<double[]> features) {
    }

    /**
     * What a study found.
     *
     * @param result its cells and comparisons
     * @param fair for a sweep or a search, the fair value of each base setup's parameter for each bot;
     *     empty otherwise
     */
    public record Findings(StudyResult result, List<FairSearch.Result> fair) {
    }

    private final StudyPlan plan;
    private final List<Setup> setups;
    private final List<String> bots;
    private final List<String> botFolders;
    private final Path folder;
    private final MasterSeed seed;
    private final Player player;
    private final Map<Setup, Integer> rotations = new HashMap<>();
    private final Map<String, StudyResult.Cell> played = new HashMap<>();

    /**
     * @param setups the setups given (a sweep's or a search's base setups)
     * @param bots the bots, distinct, in the order given
     * @param botFolders each bot's folder name, distinct
     */
    public BalanceStudy(StudyPlan plan, List<Setup> setups, List<String> bots, List<String> botFolders, Path folder,
                        MasterSeed seed, Player player) {
        this.plan = plan;
        this.setups = List.copyOf(setups);
        this.bots = List.copyOf(bots);
        this.botFolders = List.copyOf(botFolders);
        this.folder = folder;
        this.seed = seed;
        this.player = player;
        if (plan.fair() != null && setups.size() != 1) {
            throw new IllegalArgumentException("--fair searches one setup's parameter; name one setup, not "
                    + setups.size());
        }
        ParameterRange range = plan.sweep() != null ? plan.sweepRange() : plan.fairRange();
        for (Setup setup : range == null ? List.<Setup>of() : setups) {
            range.values(Games.byId(setup.game()));
            if (setup.parameters().containsKey(range.name())) {
                throw new IllegalArgumentException("setup " + setup.label() + " gives " + range.name() + " already; "
                        + "the study chooses its values");
            }
        }
    }

    /** Whether the study is one setup and one bot with no parameter varied: its folder is the cell's. */
    public boolean single() {
        return setups.size() == 1 && bots.size() == 1 && plan.sweep() == null && plan.fair() == null;
    }

    /** The setups every bot plays before anything is played: the given ones, or a sweep's. */
    public List<Setup> grid() {
        if (plan.fair() != null) {
            return List.of();
        }
        if (plan.sweep() == null) {
            return setups;
        }
        ParameterRange range = plan.sweepRange();
        List<Setup> grid = new ArrayList<>();
        for (Setup base : setups) {
            for (double value : range.values(Games.byId(base.game()))) {
                grid.add(base.withParameter(range.name(), value));
            }
        }
        return grid;
    }

    /** The games every bot plays in a setup: those asked, rounded up to whole rotations of the setup. */
    public int games(Setup setup) {
        int rotation = rotation(setup);
        return (plan.games() + rotation - 1) / rotation * rotation;
    }

    /** The games of one seat rotation of a setup. */
    public int rotation(Setup setup) {
        return rotations.computeIfAbsent(setup, player::rotation);
    }

    /** Where a cell's files go: the study's folder for a single cell, else {@code SETUP/BOT/} in it. */
    public Path cellFolder(Setup setup, String bot) {
        return single() ? folder : folder.resolve(setup.slug()).resolve(botFolders.get(bots.indexOf(bot)));
    }

    /** Plays the study: every setup of the grid with every bot, or each bot's search for a fair value. */
    public Findings run() throws IOException, InterruptedException {
        List<FairSearch.Result> fair = new ArrayList<>();
        List<Setup> order;
        if (plan.fair() != null) {
            ParameterRange range = plan.fairRange();
            Setup base = setups.get(0);
            fair.add(FairSearch.search(base, range.name(), range.values(Games.byId(base.game())), bots, this::cell));
            order = played.values().stream().map(StudyResult.Cell::setup).distinct()
                    .sorted(Comparator.comparingDouble(s -> s.parameters().get(range.name()))).toList();
        } else {
            order = grid();
            playGrid(order);
            if (plan.sweep() != null) {
                ParameterRange range = plan.sweepRange();
                for (Setup base : setups) {
                    fair.add(FairSearch.scan(base, range.name(), range.values(Games.byId(base.game())), bots,
                            this::cell));
                }
            }
        }
        List<StudyResult.Cell> cells = new ArrayList<>();
        for (Setup setup : order) {
            for (String bot : bots) {
                StudyResult.Cell cell = played.get(key(setup, bot));
                if (cell != null) {
                    cells.add(cell);
                }
            }
        }
        boolean compare = plan.sweep() == null && plan.fair() == null;
        return new Findings(StudyResult.of(order, bots, plan.bootstrap(), cells, compare, plan.compareGames()), fair);
    }

    /** The cell of a setup and bot, played on first asking. */
    public StudyResult.Cell cell(Setup setup, String bot) throws IOException, InterruptedException {
        StudyResult.Cell known = played.get(key(setup, bot));
        if (known != null) {
            return known;
        }
        StudyResult.Cell cell = measured(setup, bot, player.play(setup, bot, games(setup), cellFolder(setup, bot)),
                rotation(setup));
        played.put(key(setup, bot), cell);
        return cell;
    }

    /**
     * Plays every bot in every setup of a grid, in order, each cell's metrics (with their bootstrap,
     * a thousand resamples of the cell's games by default) computed while the next cell's games are
     * played: the metrics need nothing of a later cell, and the match threads would otherwise wait
     * for them. At most one cell's metrics are pending, so at most two cells' features
     * are held at once. The cells and their metrics are those of playing them one after another.
     */
    private void playGrid(List<Setup> grid) throws IOException, InterruptedException {
        ExecutorService ends = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "study-metrics");
            thread.setDaemon(true);
            return thread;
        });
        Future<StudyResult.Cell> pending = null;
        try {
            for (Setup setup : grid) {
                for (String bot : bots) {
                    Played result = player.play(setup, bot, games(setup), cellFolder(setup, bot));
                    int block = rotation(setup);
                    if (pending != null) {
                        keep(pending);
                    }
                    pending = ends.submit(() -> measured(setup, bot, result, block));
                }
            }
            if (pending != null) {
                keep(pending);
                pending = null;
            }
        } finally {
            if (pending != null) {
                pending.cancel(true);
            }
            ends.shutdownNow();
        }
    }

    /** Waits for a cell's metrics and keeps the cell. */
    private void keep(Future<StudyResult.Cell> pending) throws InterruptedException {
        try {
            StudyResult.Cell cell = pending.get();
            played.put(key(cell.setup(), cell.bot()), cell);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** A played cell with its metrics, bootstrapped in blocks of its setup's rotation. */
    private StudyResult.Cell measured(Setup setup, String bot, Played result, int block) {
        // The bootstrap uses the threads the study's games do: the same replicates on any number.
        int threads = plan.concurrency() == null ? Runtime.getRuntime().availableProcessors() : plan.concurrency();
        Metrics.Result metrics = Metrics.compute(result.features(), setup.players(), result.measures(), block,
                plan.bootstrap(), Metrics.seed(seed, block), Math.max(1, threads));
        return new StudyResult.Cell(setup, bot, cellFolder(setup, bot), result.balance(), result.measures(), metrics);
    }

    /** Whether a folder already holds a study's or a cell's results, which a study never continues. */
    public boolean begun() {
        if (Files.exists(folder.resolve(RunFolder.METRICS)) || Files.exists(folder.resolve(RunFolder.STUDY))
                || Files.exists(folder.resolve(RunFolder.RESULTS))) {
            return true;
        }
        for (Setup setup : grid()) {
            for (String bot : bots) {
                if (Files.exists(cellFolder(setup, bot).resolve(RunFolder.RESULTS))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The manifest of the study once played: the plan, and the setups and games it played. */
    public StudyManifest manifest(StudyResult result, String arenaVersion, List<StudyManifest.Bot> botEntries) {
        Map<String, Integer> games = new LinkedHashMap<>();
        for (Setup setup : result.setups()) {
            games.put(setup.notation(), games(setup));
        }
        return new StudyManifest(StudyManifest.FORMAT, arenaVersion, plan,
                result.setups().stream().map(Setup::notation).toList(), games, botEntries);
    }

    private static String key(Setup setup, String bot) {
        return setup.notation() + "\n" + bot;
    }
}
