package org.pyramidarena.arena.sprt;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import org.pyramidarena.arena.common.RunFolder;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.arena.tournament.ContestantFactory;
import org.pyramidarena.arena.tournament.MatchRerun;
import org.pyramidarena.arena.tournament.Openings;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.MatchSpec;
import org.pyramidarena.tournaments.sprt.Sprt;
import org.pyramidarena.tournaments.sprt.SprtDecision;
import org.pyramidarena.tournaments.sprt.SprtModel;
import org.pyramidarena.tournaments.sprt.SprtOptions;

/**
 * One played SPRT run as {@link SprtRunner} keeps it in {@code DIR/sprt.json} ({@code arena sprt
 * --out DIR}) and {@code arena sprt --add} reads it: the test it belongs to, the master seed of its
 * deals, and its counts so far. The counts of runs of one test on different seeds add up
 * ({@link #readOneTest}, {@link #added}).
 *
 * @param version the file format's version, {@value #VERSION}
 * @param game the game's id
 * @param variant the rule variant played (the game's first when none was asked for)
 * @param candidate the candidate bot as given, options included
 * @param baseline the baseline bot as given
 * @param seed the master seed's text: a whole number or 64 hex digits
 * @param elo0 the bound of H0
 * @param elo1 the bound of H1
 * @param alpha the false-positive rate
 * @param beta the false-negative rate
 * @param model {@code normalized} or {@code logistic}
 * @param maxGames the run's game budget (not part of the test: runs of different budgets add up)
 * @param time the per-move time of every match, e.g. {@code 1000ms}; null in version 1 files, which
 *     did not record how the matches were played
 * @param bank each seat's time bank
 * @param firstMove the first move's extra allowance
 * @param clock the clock counted: {@code cpu} or {@code wall}
 * @param wallGuard the real-time bound on a move under a CPU clock, e.g. {@code 3x+1000ms}
 * @param isolation how bot JARs ran: {@code process} or {@code in-process}
 * @param sandbox what bot processes ran in: {@code bwrap} or {@code none}
 * @param openings the opening books, as given ({@link Openings}); empty for none (part of the test)
 * @param randomOpening the random plies of each pair's opening; 0 for none (part of the test)
 * @param pentanomial the counts of pairs scoring 0, ½, 1, 1½ and 2
 * @param wins the candidate's wins in those pairs
 * @param draws draws
 * @param losses the candidate's losses
 * @param games the games played, twice the pairs
 * @param llr the run's own log-likelihood ratio, for the reader (not read back)
 * @param decision the run's own decision: {@code H1}, {@code H0} or {@code undecided}
 * @param finished true once the run is over (decided, or its budget used up); false while it plays,
 *     or when it was stopped before it was over
 */
@JsonPropertyOrder({"version", "game", "variant", "candidate", "baseline", "seed", "elo0", "elo1", "alpha", "beta",
    "model", "maxGames", "time", "bank", "firstMove", "clock", "wallGuard", "isolation", "sandbox", "openings",
    "randomOpening", "pentanomial", "wins", "draws", "losses", "games", "llr", "decision", "finished"})
public record SprtRun(int version, String game, String variant, String candidate, String baseline, String seed,
               double elo0, double elo1, double alpha, double beta, String model, long maxGames,
               List<Long> pentanomial, long wins, long draws, long losses, long games, double llr,
               String decision, boolean finished, String time, String bank, String firstMove, String clock,
               String wallGuard, String isolation, String sandbox, List<String> openings, Integer randomOpening)
        implements MatchRerun.Source {

    /**
     * The file format's version. Version 2 records how the matches were played (the clock, the bots'
     * isolation and sandbox, the openings), which {@code arena rerun} reads; version 1 files are still
     * read and added up.
     */
    static final int VERSION = 2;

    /** The first version, without the matches' settings. */
    static final int VERSION_1 = 1;

    /** The fields that make two runs one test, in the order they are compared. */
    private static final List<Field> TEST = List.of(
            new Field("game", SprtRun::game), new Field("variant", SprtRun::variant),
            new Field("candidate", SprtRun::candidate), new Field("baseline", SprtRun::baseline),
            new Field("elo0", SprtRun::elo0), new Field("elo1", SprtRun::elo1),
            new Field("alpha", SprtRun::alpha), new Field("beta", SprtRun::beta),
            new Field("model", SprtRun::model), new Field("openings", SprtRun::openingBooks),
            new Field("randomOpening", SprtRun::openingPlies));

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /** Version 1 files, which have none of the matches' settings. */
    private static final ObjectMapper VERSION_1_JSON = JSON.copy()
            .disable(DeserializationFeature.FAIL_ON_MISSING_CREATOR_PROPERTIES)
            .disable(DeserializationFeature.FAIL_ON_NULL_CREATOR_PROPERTIES);

    private record Field(String name, Function<SprtRun, Object> value) {
    }

    /**
     * A run's state.
     *
     * @param test the run's test and counts so far
     * @param finished whether the run is over
     */
    static SprtRun of(String game, String variant, String candidate, String baseline, MasterSeed seed,
                      long maxGames, Sprt test, boolean finished, TimeControl clock, String isolation, String sandbox,
                      Openings openings) {
        SprtOptions options = test.options();
        long[] counts = test.pentanomial();
        return new SprtRun(VERSION, game, variant, candidate, baseline, seed.text(), options.elo0(), options.elo1(),
                options.alpha(), options.beta(), options.model().name().toLowerCase(Locale.ROOT), maxGames,
                Arrays.stream(counts).boxed().toList(), test.wins().orElseThrow(),
                test.draws().orElseThrow(), test.losses().orElseThrow(), test.games(), test.llr(),
                decisionName(test.decision()), finished, clock.moveMillis() + "ms", clock.bankMillis() + "ms",
                clock.firstMoveMillis() + "ms", clock.clock().label(), clock.wallGuard().describe(), isolation, sandbox,
                openings.books(), openings.randomPlies());
    }

    private static String decisionName(SprtDecision decision) {
        return switch (decision) {
            case H1_ACCEPTED -> "H1";
            case H0_ACCEPTED -> "H0";
            case CONTINUE -> "undecided";
        };
    }

    /** {@code DIR/sprt.json} for a directory, the path itself for anything else. */
    public static Path fileOf(Path fileOrDirectory) {
        return Files.isDirectory(fileOrDirectory) ? fileOrDirectory.resolve(RunFolder.SPRT) : fileOrDirectory;
    }

    /**
     * Reads and checks a run file.
     *
     * @throws IllegalArgumentException with one line naming the file when it is missing, unreadable, not a run
     *     file, of another version, or holds counts that do not fit together
     */
    public static SprtRun read(Path file) {
        SprtRun run;
        try {
            String text = Files.readString(file);
            JsonNode version = JSON.readTree(text).get("version");
            run = (version != null && version.asInt() == VERSION_1 ? VERSION_1_JSON : JSON).readValue(text, SprtRun.class);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException("no sprt run " + file + " (give the --out directory of a run or its "
                    + RunFolder.SPRT + ")");
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": not an sprt run file: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot read " + file + ": " + e);
        }
        if (run == null) {
            throw new IllegalArgumentException(file + ": not an sprt run file: it is empty");
        }
        if (run.version != VERSION && run.version != VERSION_1) {
            throw new IllegalArgumentException(file + ": sprt run version " + run.version + " is not supported (this arena "
                    + "reads versions " + VERSION_1 + " and " + VERSION + ")");
        }
        try {
            run.check();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": not a valid sprt run: " + e.getMessage());
        }
        return run;
    }

    /**
     * Reads the run files of one test.
     *
     * @param files run files, each {@link #fileOf} a directory or the file given
     * @throws IllegalArgumentException with one line when a file cannot be read (see {@link #read})
     *     or holds a run of another test than the first file's
     */
    public static List<SprtRun> readOneTest(List<Path> files) {
        List<SprtRun> runs = files.stream().map(SprtRun::read).toList();
        SprtRun first = runs.get(0);
        for (int i = 1; i < runs.size(); i++) {
            Optional<String> difference = runs.get(i).differenceFrom(first, files.get(i).toString(),
                    files.get(0).toString());
            if (difference.isPresent()) {
                throw new IllegalArgumentException(files.get(i) + " and " + files.get(0) + " are runs of different "
                        + "tests (" + difference.get() + ")");
            }
        }
        return runs;
    }

    /**
     * The test of runs of one test added up: their pentanomial counts, wins, draws and losses summed.
     *
     * @param files the runs' files, for the messages
     * @param runs the runs, of one test ({@link #readOneTest})
     * @throws IllegalArgumentException with one line when two runs played the same deals (the same
     *     seed), whose counts are not independent
     */
    public static Sprt added(List<Path> files, List<SprtRun> runs) {
        Map<Long, Integer> byDeals = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            Integer same = byDeals.putIfAbsent(runs.get(i).dealKey(), i);
            if (same != null) {
                throw new IllegalArgumentException(files.get(i) + " and " + files.get(same) + " have the same seed ("
                        + runs.get(i).seed() + "): they played the same deals, so their counts are not independent; "
                        + "give each run its own --seed");
            }
        }
        long[] sum = new long[5];
        long wins = 0;
        long draws = 0;
        long losses = 0;
        for (SprtRun run : runs) {
            long[] counts = run.counts();
            Arrays.setAll(sum, k -> sum[k] + counts[k]);
            wins += run.wins();
            draws += run.draws();
            losses += run.losses();
        }
        return Sprt.fromPairs(runs.get(0).options(), sum, wins, draws, losses);
    }

    private void check() {
        for (String text : List.of(game, variant, candidate, baseline)) {
            if (text.isBlank()) {
                throw new IllegalArgumentException("game, variant, candidate and baseline must not be empty");
            }
        }
        masterSeed();
        if (version == VERSION) {
            timeControl();
        }
        Sprt test = test();
        if (games != test.games()) {
            throw new IllegalArgumentException("games " + games + " is not twice the " + test.games() / 2 + " pairs");
        }
        if (!List.of("H1", "H0", "undecided").contains(decision)) {
            throw new IllegalArgumentException("decision '" + decision + "' is none of H1, H0 and undecided");
        }
        if (maxGames < 2) {
            throw new IllegalArgumentException("maxGames " + maxGames + " is less than 2");
        }
    }

    /** The opening books the run's pairs were played from, as given; empty for none (and in version 1). */
    public List<String> openingBooks() {
        return openings == null ? List.of() : openings;
    }

    /** The random plies of each pair's opening; 0 for none (and in version 1). */
    public int openingPlies() {
        return randomOpening == null ? 0 : randomOpening;
    }

    /**
     * The time control the run's matches were played under.
     *
     * @throws IllegalArgumentException with one line for a version 1 file, which did not record it
     */
    public TimeControl timeControl() {
        if (version == VERSION_1 || time == null) {
            throw new IllegalArgumentException("an sprt.json of version " + VERSION_1 + " does not record how its "
                    + "matches were played (the clock, the bots' isolation, the openings); a run of this arena does");
        }
        return new TimeControl(TimeControl.parseMillis(time), TimeControl.parseMillis(bank),
                TimeControl.parseMillis(firstMove), TimeControl.ClockKind.parse(clock),
                TimeControl.WallGuard.parse(wallGuard));
    }

    /**
     * The plan of match {@code match} of this run, to play it again ({@code arena rerun}): pair {@code
     * match / 2}, the candidate in seat {@code match % 2}, as {@link SprtRunner} played it.
     *
     * @throws IllegalArgumentException with one line for a match beyond the run's budget, or a version
     *     1 file, which does not record how the matches were played
     */
    public MatchRerun.Plan matchPlan(int match) {
        TimeControl clock = timeControl();
        long matches = maxGames / 2 * 2;
        if (match < 0 || match >= matches) {
            throw new IllegalArgumentException("the sprt run has matches 0 to " + (matches - 1) + " (match 2P and 2P+1 "
                    + "are pair P, the candidate in seat 0 and then 1), not " + match);
        }
        SprtMatchup matchup = new SprtMatchup(game, variant, candidate, baseline);
        Openings openings = Openings.load(openingBooks(), openingPlies(), List.of(matchup.rules()));
        List<String> seats = SprtRunner.seats(matchup, match);
        return new MatchRerun.Plan("sprt", match, matchup.rules(), seats, seats, masterSeed(),
                SprtRunner.matchSettings(masterSeed(), match, clock, openings, game), isolation, sandbox, null, null);
    }

    @Override
    public List<String> bots() {
        return List.of(candidate, baseline);
    }

    @Override
    public MatchRerun.Plan plan(int match, ContestantFactory contestants) {
        return matchPlan(match);
    }

    /** The run's master seed. */
    public MasterSeed masterSeed() {
        return MasterSeed.parse(seed);
    }

    /**
     * A key that two runs share exactly when they play the same deals: the first pair's deal seed.
     * Seed texts alone would miss a number and the 64 hex digits of the same key.
     */
    public long dealKey() {
        return masterSeed().derive(MatchSpec.DEAL_STREAM, 0);
    }

    /** The test's hypotheses and error rates. */
    public SprtOptions options() {
        SprtModel scale = switch (model) {
            case "normalized" -> SprtModel.NORMALIZED;
            case "logistic" -> SprtModel.LOGISTIC;
            default -> throw new IllegalArgumentException("model '" + model + "' is neither normalized nor logistic");
        };
        return new SprtOptions(elo0, elo1, alpha, beta, scale);
    }

    /** The run's counts as a test. */
    public Sprt test() {
        if (pentanomial.size() != 5 || pentanomial.contains(null)) {
            throw new IllegalArgumentException("pentanomial must be five counts, not " + pentanomial);
        }
        return Sprt.fromPairs(options(), counts(), wins, draws, losses);
    }

    /** The pentanomial counts as an array. */
    public long[] counts() {
        return pentanomial.stream().mapToLong(Long::longValue).toArray();
    }

    /**
     * Where this run is another test than {@code other}: the first field of the test that differs,
     * as {@code "candidate: greedy in A, mcts in B"} with the names given.
     */
    public Optional<String> differenceFrom(SprtRun other, String thisName, String otherName) {
        for (Field field : TEST) {
            Object mine = field.value.apply(this);
            Object theirs = field.value.apply(other);
            if (!Objects.equals(mine, theirs)) {
                return Optional.of(field.name + ": " + mine + " in " + thisName + ", " + theirs + " in " + otherName);
            }
        }
        return Optional.empty();
    }

    /** This run's state as indented JSON with {@code \n} line breaks. */
    String toJson() {
        try {
            return JSON.writer(new DefaultPrettyPrinter().withObjectIndenter(new DefaultIndenter("  ", "\n")))
                    .writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Writes this run to {@code DIR/sprt.json} through a temporary file, forced to disk, and an
     * atomic move: a run killed at any moment leaves the last state written whole.
     *
     * @throws IllegalArgumentException with one line when the directory cannot be written
     */
    void write(Path directory) {
        Path file = directory.resolve(RunFolder.SPRT);
        Path temporary = directory.resolve(RunFolder.SPRT + ".tmp");
        try {
            Files.writeString(temporary, toJson());
            try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot write " + file + ": " + e);
        }
    }
}
