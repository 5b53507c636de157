package org.pyramidarena.arena.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.GameSetup;
import org.pyramidarena.api.Games;
import org.pyramidarena.api.Rules;
import org.pyramidarena.arena.bots.BotRegistry;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.Gauntlet;
import org.pyramidarena.tournaments.pairing.PerGameEntrants;
import org.pyramidarena.tournaments.pairing.PairingSetup;
import org.pyramidarena.tournaments.pairing.PairingStrategy;
import org.pyramidarena.tournaments.pairing.RoundRobin;
import org.pyramidarena.tournaments.pairing.Swiss;

/**
 * A tournament's settings resolved and checked: defaults filled in, games and bots looked up.
 *
 * @param name the name written in every result row
 * @param format {@code round-robin}, {@code swiss} or {@code gauntlet}
 * @param games the games, explicit player counts and variants
 * @param entrants the entrants, names unique, in seeding order
 * @param candidates the gauntlet's candidates (empty for the other formats)
 * @param cycles repeats of a round-robin or gauntlet (1 for Swiss)
 * @param rounds Swiss rounds (0 for the other formats)
 * @param seed the master seed every seed of the run derives from
 * @param timeControl the clock of every match
 * @param isolation {@code in-process} or {@code process}
 * @param concurrency matches at once; no effect on results
 * @param replays which replays are kept: {@code all}, {@code failures} or {@code none}
 * @param sandbox what bot processes run in: {@code bwrap} or {@code none}
 * @param cage what backs the sandbox's limits ({@code cgroup v2}, {@code cgroup v1} or {@code signals
 *        and rlimits}); null without a sandbox, and in settings written before it was recorded
 * @param entrantsByGame the entrants that play each game, in seeding order (all of them unless a bot
 *        does not play a game)
 * @param openings where each match's opening comes from ({@link Openings#NONE} for none)
 */
public record Tournament(String name, String format, List<GameEntry> games, List<Entrant> entrants,
                         List<String> candidates, int cycles, int rounds, MasterSeed seed, TimeControl timeControl,
                         String isolation, int concurrency, String replays, String sandbox, String cage,
                         Map<GameEntry, List<String>> entrantsByGame, Openings openings) {

    /** The formats, as named on the command line. */
    public static final List<String> FORMATS = List.of("round-robin", "swiss", "gauntlet");

    /** The isolation modes, as named on the command line. */
    public static final List<String> ISOLATIONS = List.of("in-process", "process");

    /** How bot JARs run unless the settings say otherwise. */
    public static final String DEFAULT_ISOLATION = "process";

    /**
     * The clock of tournaments and studies unless the settings say otherwise: CPU time, so that a
     * busy machine forfeits nobody and the same seed gives the same results.
     */
    public static final String DEFAULT_CLOCK = "cpu";

    /** The sandboxes a run records, as named on the command line ({@code auto} is resolved before a run). */
    public static final List<String> SANDBOXES = List.of("bwrap", "none");

    /** Which replays a run keeps, as named on the command line. */
    public static final List<String> REPLAYS = List.of("all", "failures", "none");

    /** The master seed of a run that names none. */
    public static final long DEFAULT_SEED = 1;

    /** The stream of {@link MasterSeed#derive} that seeds the bootstrap of the Elo standings' errors. */
    private static final String RATINGS_STREAM = "ratings";

    public Tournament {
        Objects.requireNonNull(seed, "seed");
        Objects.requireNonNull(openings, "openings");
        games = List.copyOf(games);
        entrants = List.copyOf(entrants);
        candidates = List.copyOf(candidates);
        entrantsByGame = Map.copyOf(entrantsByGame);
    }

    /**
     * Fills in the defaults and checks everything a run needs before it starts: the demonstration
     * round-robin of the sample bots over all games, seed 1, when nothing is set; a seed of
     * {@code secret} draws a new secret seed. In a round-robin or gauntlet, a bot that does not play
     * a game sits that game out (see {@link #sittingOut()}); a Swiss tournament needs every bot in
     * every game.
     *
     * @param contestants loads the bots, to ask which games they play
     * @throws IllegalArgumentException with a one-line message naming what is wrong
     */
    public static Tournament resolve(TournamentSettings settings, ContestantFactory contestants) {
        String format = settings.format() == null ? "round-robin" : settings.format();
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("unknown format '" + format + "' (formats: "
                    + String.join(", ", FORMATS) + ")");
        }
        List<GameEntry> games = GameChoices.resolve(settings.games() == null ? List.of("all") : settings.games());
        List<Entrant> entrants = settings.bots() == null ? demoEntrants() : entrants(settings.bots(), contestants::name);
        if (entrants.size() < 2) {
            throw new IllegalArgumentException("a tournament needs at least 2 bots, not " + entrants.size());
        }
        List<String> names = entrants.stream().map(Entrant::name).toList();
        List<String> candidates = List.of();
        if (format.equals("gauntlet")) {
            candidates = settings.candidates() == null || settings.candidates().isEmpty()
                    ? List.of(names.get(0)) : List.copyOf(settings.candidates());
            for (String candidate : candidates) {
                if (!names.contains(candidate)) {
                    throw new IllegalArgumentException("candidate '" + candidate + "' is not one of the bots ("
                            + String.join(", ", names) + ")");
                }
            }
        } else if (settings.candidates() != null && !settings.candidates().isEmpty()) {
            throw new IllegalArgumentException("candidates are for the gauntlet format, not " + format);
        }
        int cycles = settings.cycles() == null ? 1 : settings.cycles();
        if (cycles < 1) {
            throw new IllegalArgumentException("cycles must be at least 1, not " + cycles);
        }
        int rounds = 0;
        if (format.equals("swiss")) {
            rounds = settings.rounds() == null ? defaultSwissRounds(entrants.size()) : settings.rounds();
            if (rounds < 1) {
                throw new IllegalArgumentException("rounds must be at least 1, not " + rounds);
            }
            if (cycles != 1) {
                throw new IllegalArgumentException("a Swiss tournament has rounds, not cycles");
            }
        } else if (settings.rounds() != null) {
            throw new IllegalArgumentException("rounds are for the swiss format; " + format + " repeats with cycles");
        }
        TimeControl timeControl = new TimeControl(
                TimeControl.parseMillis(settings.time() != null ? settings.time() : "1s"),
                TimeControl.parseMillis(settings.bank() == null ? "0" : settings.bank()),
                TimeControl.parseMillis(settings.firstMove() == null ? "2s" : settings.firstMove()),
                TimeControl.ClockKind.parse(settings.clock() == null ? DEFAULT_CLOCK : settings.clock()),
                settings.wallGuard() == null ? TimeControl.WallGuard.DEFAULT
                        : TimeControl.WallGuard.parse(settings.wallGuard()));
        String isolation = settings.isolation() == null ? DEFAULT_ISOLATION : settings.isolation();
        if (!ISOLATIONS.contains(isolation)) {
            throw new IllegalArgumentException("unknown isolation '" + isolation + "' (in-process or process)");
        }
        int concurrency = settings.concurrency() == null
                ? Runtime.getRuntime().availableProcessors() : settings.concurrency();
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, not " + concurrency);
        }
        String name = settings.name() == null ? format : settings.name();
        if (name.isBlank() || name.contains("\n")) {
            throw new IllegalArgumentException("the tournament name must be one line, not blank");
        }
        String replays = settings.replays() == null ? "all" : settings.replays();
        if (!REPLAYS.contains(replays)) {
            throw new IllegalArgumentException("unknown replays choice '" + replays + "' (all, failures or none)");
        }
        String sandbox = settings.sandbox() == null ? "none" : settings.sandbox();
        if (!SANDBOXES.contains(sandbox)) {
            throw new IllegalArgumentException("unknown sandbox '" + sandbox + "' (bwrap or none)");
        }
        Map<GameEntry, List<String>> entrantsByGame = new LinkedHashMap<>();
        for (GameEntry game : games) {
            List<String> playing = new ArrayList<>();
            for (Entrant entrant : entrants) {
                if (contestants.plays(entrant.bot(), Games.byId(game.game()))) {
                    playing.add(entrant.name());
                } else if (format.equals("swiss")) {
                    throw new IllegalArgumentException("bot '" + entrant.bot() + "' does not play " + game.game()
                            + "; a Swiss tournament needs every bot in every game");
                }
            }
            if (playing.size() < 2) {
                throw new IllegalArgumentException(GameChoices.label(game) + " needs at least 2 bots that play it; "
                        + "only " + (playing.isEmpty() ? "none" : String.join(", ", playing)) + " of the entrants do");
            }
            if (format.equals("gauntlet") && playing.stream().noneMatch(candidates::contains)) {
                throw new IllegalArgumentException("no candidate plays " + GameChoices.label(game));
            }
            entrantsByGame.put(game, List.copyOf(playing));
        }
        // A config file's "secret" draws the secret seed here, once; the settings written hold it.
        MasterSeed seed = settings.seed() == null ? MasterSeed.of(DEFAULT_SEED) : MasterSeed.parseOrDraw(settings.seed());
        Openings openings = Openings.load(settings.openings() == null ? List.of() : settings.openings(),
                settings.randomOpening() == null ? 0 : settings.randomOpening(),
                games.stream().map(Tournament::rules).toList());
        Tournament tournament = new Tournament(name, format, games, entrants, candidates, cycles, rounds, seed,
                timeControl, isolation, concurrency, replays, sandbox, settings.cage(), entrantsByGame, openings);
        tournament.strategy();
        tournament.pairingSetup();
        return tournament;
    }

    /** The rules of a game of the run, its player count and variant. */
    static Rules<?, ?> rules(GameEntry game) {
        return Games.byId(game.game()).rules(GameSetup.parse(game.players(), game.variant()));
    }

    /** One line per entrant that sits out some games, e.g. {@code "alphabeta sits out: pyrinoes, ..."}. */
    public List<String> sittingOut() {
        List<String> lines = new ArrayList<>();
        for (Entrant entrant : entrants) {
            List<String> out = games.stream().filter(g -> !entrantsByGame.get(g).contains(entrant.name()))
                    .map(GameChoices::label).toList();
            if (!out.isEmpty()) {
                lines.add(entrant.name() + " sits out the games it does not play: " + String.join(", ", out));
            }
        }
        return lines;
    }

    /**
     * The entrants of a list of {@code NAME=BOT} or {@code BOT}. An unnamed entrant stands under the
     * name its bot gives itself (a built-in bot's name, a JAR bot's {@code name()}, a {@code cmd:}
     * bot's {@code hello} name) followed by the options it is given ({@code mcts?iterations=800});
     * an unnamed bot entered more than once is numbered, {@code random-1}, {@code random-2}, ...
     *
     * @param botName the name a bot gives itself, with its options
     */
    static List<Entrant> entrants(List<String> texts, Function<String, String> botName) {
        List<Entrant> parsed = new ArrayList<>();
        List<Boolean> unnamed = new ArrayList<>();
        for (String text : texts) {
            String name = Entrant.nameOf(text);
            String bot = Entrant.botOf(text);
            unnamed.add(name == null);
            parsed.add(new Entrant(name != null ? name : botName.apply(bot), bot));
        }
        Map<String, Integer> counts = new HashMap<>();
        parsed.forEach(e -> counts.merge(e.name(), 1, Integer::sum));
        Map<String, Integer> seen = new HashMap<>();
        List<Entrant> entrants = new ArrayList<>();
        for (int i = 0; i < parsed.size(); i++) {
            Entrant entrant = parsed.get(i);
            if (counts.get(entrant.name()) > 1 && unnamed.get(i)) {
                int number = seen.merge(entrant.name(), 1, Integer::sum);
                entrants.add(entrant.numbered(number));
            } else {
                entrants.add(entrant);
            }
        }
        Map<String, Entrant> byName = new LinkedHashMap<>();
        for (Entrant entrant : entrants) {
            if (byName.put(entrant.name(), entrant) != null) {
                throw new IllegalArgumentException("two bots are entered as '" + entrant.name()
                        + "'; name them apart with NAME=BOT");
            }
        }
        return entrants;
    }

    /** The demonstration entrants: every built-in bot, once. */
    static List<Entrant> demoEntrants() {
        return entrants(BotRegistry.builtIn().stream().map(Bot::name).toList(), Function.identity());
    }

    /** A Swiss tournament's default length: enough rounds to separate the field, log2 of it plus one. */
    static int defaultSwissRounds(int entrants) {
        return 32 - Integer.numberOfLeadingZeros(entrants - 1) + 1;
    }

    /** The pairing strategy of the format. */
    public PairingStrategy strategy() {
        boolean everyoneEverywhere = entrantsByGame.values().stream().allMatch(e -> e.size() == entrants.size());
        return switch (format) {
            case "round-robin" -> everyoneEverywhere ? new RoundRobin(cycles)
                    : new PerGameEntrants(format, entrantsByGame, bots -> new RoundRobin(cycles));
            case "gauntlet" -> everyoneEverywhere ? new Gauntlet(candidates, cycles)
                    : new PerGameEntrants(format, entrantsByGame, bots -> new Gauntlet(
                            candidates.stream().filter(bots::contains).toList(), cycles));
            case "swiss" -> new Swiss(rounds);
            default -> throw new IllegalStateException(format);
        };
    }

    /** What the pairing strategy is given: entrant names in seeding order, games, master seed. */
    public PairingSetup pairingSetup() {
        return new PairingSetup(entrants.stream().map(Entrant::name).toList(), games, seed);
    }

    /** The seed of the bootstrap that gives the Elo standings their errors: derived from the master seed. */
    public long bootstrapSeed() {
        return bootstrapSeed(seed);
    }

    /** The bootstrap seed of a run with this master seed: {@code seed.derive("ratings")}. */
    public static long bootstrapSeed(MasterSeed seed) {
        return seed.derive(RATINGS_STREAM);
    }

    /** The bot each entrant name plays. */
    public Map<String, String> botsByEntrant() {
        Map<String, String> bots = new HashMap<>();
        entrants.forEach(e -> bots.put(e.name(), e.bot()));
        return bots;
    }

    /** The explicit settings of this tournament, as written beside its results. */
    public TournamentSettings settings() {
        return new TournamentSettings(TournamentSettings.VERSION, name, format,
                games.stream().map(GameChoices::notation).toList(),
                entrants.stream().map(Entrant::notation).toList(),
                format.equals("gauntlet") ? candidates : null,
                format.equals("swiss") ? null : cycles,
                format.equals("swiss") ? rounds : null,
                seed.text(), timeControl.moveMillis() + "ms", timeControl.bankMillis() + "ms",
                timeControl.firstMoveMillis() + "ms", isolation, concurrency, replays, sandbox,
                timeControl.clock().label(), timeControl.cpu() ? timeControl.wallGuard().describe() : null, cage,
                openings.books().isEmpty() ? null : openings.books(),
                openings.randomPlies() == 0 ? null : openings.randomPlies());
    }
}
