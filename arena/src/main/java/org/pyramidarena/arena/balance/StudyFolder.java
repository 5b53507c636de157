package org.pyramidarena.arena.balance;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.arena.common.RunFolder;

/**
 * A balance study as its folder holds it: what the terminal's summary and {@code report.html} are
 * made from, read back from the files the study wrote ({@code metrics.csv}, {@code balance.csv},
 * {@code comparisons.csv}, {@code fair.csv}, each cell's {@code results.csv} for the game lengths,
 * and {@code study.json} where there is one). So a study's report is the same whether it is written
 * at the end of the run or again by {@code arena report DIR}.
 *
 * @param folder the study's folder
 * @param manifest its {@code study.json}, when it has one (studies from before it had none)
 * @param setups the setups, in the order of {@code metrics.csv}
 * @param bots the bots, in the order of {@code metrics.csv}
 * @param cells one per setup and bot played
 * @param comparisons the rows of {@code comparisons.csv}
 * @param fair the rows of {@code fair.csv} (empty when there is none)
 */
public record StudyFolder(Path folder, StudyManifest manifest, List<Setup> setups, List<String> bots,
                          List<CellData> cells, List<Comparison> comparisons, List<FairRow> fair) {

    /**
     * One setup and bot as its files hold it.
     *
     * @param setup the setup
     * @param bot the bot
     * @param seats each seat's row of balance.csv, by seat
     * @param estimates the metrics, in the order of {@link Metric#names()}
     * @param lengths each game's moves, in schedule order; empty when its results.csv is not there
     */
    public record CellData(Setup setup, String bot, List<SeatRow> seats, List<Metrics.Estimate> estimates,
                           int[] lengths) {

        /** A metric's estimate by name. */
        public Metrics.Estimate get(String metric) {
            return estimates.stream().filter(e -> e.metric().equals(metric)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no metric " + metric + " in metrics.csv"));
        }

        /** A metric's estimate. */
        public Metrics.Estimate get(Metric metric) {
            return get(metric.label());
        }

        /** The games played. */
        public long games() {
            return get(Metric.FIRST_SEAT_ADVANTAGE).games();
        }
    }

    /**
     * A seat's line of balance.csv.
     *
     * @param seat the seat
     * @param games the games it played
     * @param winShare its share of the wins
     * @param low the Wilson interval's low end
     * @param high its high end
     */
    public record SeatRow(int seat, long games, double winShare, double low, double high) {
    }

    /**
     * A row of fair.csv.
     *
     * @param kind {@code fair} or {@code difference}
     * @param base the setup the parameter varied in
     * @param parameter the parameter
     * @param bot the bot, or {@code A - B} for a difference
     * @param value the fair value, or the difference
     * @param low the interval's low end (NaN for none)
     * @param high its high end
     * @param pValue a difference's p-value (NaN for a fair value)
     * @param pHolm its Holm-adjusted p-value
     * @param games the games played at each value
     * @param evaluated the values played, space-separated
     * @param fitted the values fitted, space-separated
     * @param note what the reader should know
     */
    public record FairRow(String kind, Setup base, String parameter, String bot, double value, double low, double high,
                          double pValue, double pHolm, long games, String evaluated, String fitted, String note) {
    }

    /** The cell of a setup and bot, if it was played. */
    public Optional<CellData> find(Setup setup, String bot) {
        return cells.stream().filter(c -> c.setup().equals(setup) && c.bot().equals(bot)).findFirst();
    }

    /** The parameter a sweep or a search varied, or null. */
    public String parameter() {
        return fair.isEmpty() ? null : fair.get(0).parameter();
    }

    /**
     * Whether a folder holds a balance study: a {@code study.json} or a {@code metrics.csv}.
     */
    public static boolean isStudy(Path folder) {
        return Files.exists(folder.resolve(RunFolder.STUDY)) || Files.exists(folder.resolve(RunFolder.METRICS));
    }

    /**
     * Reads a study's folder.
     *
     * @throws IllegalArgumentException with one line when a file is missing or not what a study writes
     */
    public static StudyFolder read(Path folder) throws IOException {
        return read(folder, Map.of());
    }

    /**
     * Reads a study's folder that its run has just written, taking each cell's game lengths from
     * what the run kept ({@link Metrics.Result#lengths()}) instead of reading them back from the
     * cell's {@code results.csv}, a row per seat and game: the same as {@link #read(Path)} reads.
     *
     * @param folder the study's folder
     * @param lengths each game's moves in schedule order, by its cell's folder made absolute and
     *     normal; the lengths of a cell not there are read from its results
     * @throws IllegalArgumentException with one line when a file is missing or not what a study writes
     */
    public static StudyFolder read(Path folder, Map<Path, int[]> lengths) throws IOException {
        StudyManifest manifest = Files.exists(folder.resolve(RunFolder.STUDY))
                ? StudyManifest.read(folder.resolve(RunFolder.STUDY)) : null;
        Path metricsFile = folder.resolve(RunFolder.METRICS);
        if (!Files.exists(metricsFile)) {
            throw new IllegalArgumentException("no " + RunFolder.METRICS + " in " + folder + ": not a balance "
                    + "study's folder");
        }
        LinkedHashSet<Setup> setups = new LinkedHashSet<>();
        LinkedHashSet<String> bots = new LinkedHashSet<>();
        Map<String, List<Metrics.Estimate>> estimates = new LinkedHashMap<>();
        Map<String, Setup> setupOf = new LinkedHashMap<>();
        for (CSVRecord row : rows(metricsFile, StudyFiles.METRICS_HEADER)) {
            Setup setup = setup(row.get("game"), row.get("variant"), row.get("players"));
            String bot = row.get("bot");
            setups.add(setup);
            bots.add(bot);
            String key = key(setup, bot);
            setupOf.put(key, setup);
            estimates.computeIfAbsent(key, k -> new ArrayList<>()).add(new Metrics.Estimate(row.get("metric"),
                    row.get("unit"), number(row.get("value")), number(row.get("low")), number(row.get("high")),
                    Long.parseLong(row.get("games")), row.get("note")));
        }
        Map<String, List<SeatRow>> seats = seats(folder, bots.isEmpty() ? "" : bots.iterator().next());
        Map<String, String> botFolders = new LinkedHashMap<>();
        if (manifest != null && manifest.bots() != null) {
            manifest.bots().forEach(b -> botFolders.put(b.bot(), b.folder()));
        }
        boolean single = Files.exists(folder.resolve(RunFolder.RESULTS));
        List<CellData> cells = new ArrayList<>();
        for (Map.Entry<String, List<Metrics.Estimate>> entry : estimates.entrySet()) {
            Setup setup = setupOf.get(entry.getKey());
            String bot = entry.getKey().substring(entry.getKey().indexOf('\n') + 1);
            Path cellFolder = single ? folder : folder.resolve(setup.slug())
                    .resolve(botFolders.getOrDefault(bot, botFolder(bot)));
            cells.add(new CellData(setup, bot, seats.getOrDefault(entry.getKey(), List.of()), entry.getValue(),
                    knownOrRead(lengths, cellFolder)));
        }
        List<Comparison> comparisons = new ArrayList<>();
        Path comparisonsFile = folder.resolve(RunFolder.COMPARISONS);
        if (Files.exists(comparisonsFile)) {
            for (CSVRecord row : rows(comparisonsFile, List.of("bot", "game_a", "variant_a", "players_a", "game_b",
                    "variant_b", "players_b", "metric", "difference", "low", "high", "p_value"))) {
                comparisons.add(new Comparison(row.get("bot"), setup(row.get("game_a"), row.get("variant_a"),
                        row.get("players_a")), setup(row.get("game_b"), row.get("variant_b"), row.get("players_b")),
                        row.get("metric"), number(row.get("difference")), number(row.get("low")),
                        number(row.get("high")), number(row.get("p_value")), number(optional(row, "p_holm")),
                        Boolean.parseBoolean(optional(row, "paired")), whole(optional(row, "games_a")),
                        whole(optional(row, "games_b")), optional(row, "note")));
            }
        }
        List<FairRow> fair = new ArrayList<>();
        Path fairFile = folder.resolve(RunFolder.FAIR);
        if (Files.exists(fairFile)) {
            for (CSVRecord row : rows(fairFile, StudyFiles.FAIR_HEADER)) {
                fair.add(new FairRow(row.get("kind"), setup(row.get("game"), row.get("variant"), row.get("players")),
                        row.get("parameter"), row.get("bot"), number(row.get("value")), number(row.get("low")),
                        number(row.get("high")), number(row.get("p_value")), number(row.get("p_holm")),
                        whole(row.get("games")), row.get("evaluated"), row.get("fitted"), row.get("note")));
            }
        }
        return new StudyFolder(folder, manifest, List.copyOf(setups), List.copyOf(bots), cells, comparisons, fair);
    }

    /**
     * The seat rows of balance.csv by cell: a study's, with a bot column, or a single run's, whose
     * rows are all {@code onlyBot}'s.
     */
    private static Map<String, List<SeatRow>> seats(Path folder, String onlyBot) throws IOException {
        Map<String, List<SeatRow>> seats = new LinkedHashMap<>();
        Path file = folder.resolve(RunFolder.BALANCE);
        if (!Files.exists(file)) {
            return seats;
        }
        for (CSVRecord row : rows(file, List.of("game", "variant", "players", "seat", "games", "win_share",
                "win_share_low", "win_share_high"))) {
            String bot = row.isMapped("bot") ? row.get("bot") : onlyBot;
            Setup setup = setup(row.get("game"), row.get("variant"), row.get("players"));
            seats.computeIfAbsent(key(setup, bot), k -> new ArrayList<>()).add(new SeatRow(
                    Integer.parseInt(row.get("seat")), whole(row.get("games")), number(row.get("win_share")),
                    number(row.get("win_share_low")), number(row.get("win_share_high"))));
        }
        return seats;
    }

    private static int[] knownOrRead(Map<Path, int[]> lengths, Path cellFolder) throws IOException {
        int[] known = lengths.get(cellFolder.toAbsolutePath().normalize());
        return known != null ? known.clone() : lengths(cellFolder.resolve(RunFolder.RESULTS));
    }

    /** Each game's moves from a results.csv (its seat-0 rows), in match order; empty when there is none. */
    private static int[] lengths(Path results) throws IOException {
        if (!Files.exists(results)) {
            return new int[0];
        }
        List<Integer> lengths = new ArrayList<>();
        for (CSVRecord row : rows(results, List.of("match", "seat", "moves"))) {
            if (row.get("seat").equals("0")) {
                lengths.add(Integer.parseInt(row.get("moves")));
            }
        }
        return lengths.stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<CSVRecord> rows(Path file, List<String> required) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8);
             CSVParser parser = CSVFormat.DEFAULT.builder().setHeader().setSkipHeaderRecord(true).build()
                     .parse(reader)) {
            for (String column : required) {
                if (!parser.getHeaderMap().containsKey(column)) {
                    throw new IllegalArgumentException(file + " has no column " + column + ": not a balance study's file");
                }
            }
            return parser.getRecords();
        }
    }

    private static Setup setup(String game, String variant, String players) {
        int count = Integer.parseInt(players);
        GameSetup setup = GameSetup.parse(count, variant);
        return new Setup(game, count, setup.variant(), setup.parameters());
    }

    private static String key(Setup setup, String bot) {
        return setup.notation() + "\n" + bot;
    }

    private static String optional(CSVRecord row, String column) {
        return row.isMapped(column) ? row.get(column) : "";
    }

    private static double number(String text) {
        return text == null || text.isEmpty() ? Double.NaN : Double.parseDouble(text);
    }

    private static long whole(String text) {
        return text == null || text.isEmpty() ? 0 : Long.parseLong(text);
    }

    /** A bot's folder name in a study: lower case letters, digits, '.', '_' and '-'. */
    public static String botFolder(String bot) {
        String slug = bot.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9_.-]+", "-").replaceAll("^-+|-+$", "");
        return slug.isEmpty() ? "bot" : slug;
    }
}
