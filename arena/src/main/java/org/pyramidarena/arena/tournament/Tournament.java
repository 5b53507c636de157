package org.pyramidarena.arena.tournament;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.pyramidarena.api.Bot;
import org.pyramidarena.api.Games;
import org.pyramidarena.arena.bots.BotRegistry;
import org.pyramidarena.arena.match.TimeControl;
import org.pyramidarena.tournaments.pairing.GameEntry;
import org.pyramidarena.tournaments.pairing.Gauntlet;
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
 * @param seed the master seed
 * @param timeControl the clock of every match
 * @param isolation {@code in-process} or {@code process}
 * @param concurrency matches at once; no effect on results
 */
public record Tournament(String name, String format, List<GameEntry> games, List<Entrant> entrants,
                         List<String> candidates, int cycles, int rounds, long seed, TimeControl timeControl,
                         String isolation, int concurrency) {

    /** The formats, as named on the command line. */
    public static final List<String> FORMATS = List.of("round-robin", "swiss", "gauntlet");

    /** The isolation modes, as named on the command line. */
    public static final List<String> ISOLATIONS = List.of("in-process", "process");

    /** How many entrants the demonstration run has at least. */
    static final int DEMO_ENTRANTS = 4;

    public Tournament {
        games = List.copyOf(games);
        entrants = List.copyOf(entrants);
        candidates = List.copyOf(candidates);
    }

    /**
     * Fills in the defaults and checks everything a run needs before it starts: the demonstration
     * round-robin of the sample bots over all games, seed 1, when nothing is set.
     *
     * @throws IllegalArgumentException with a one-line message naming what is wrong
     */
    public static Tournament resolve(TournamentSettings settings) {
        String format = settings.format() == null ? "round-robin" : settings.format();
        if (!FORMATS.contains(format)) {
            throw new IllegalArgumentException("unknown format '" + format + "' (formats: "
                    + String.join(", ", FORMATS) + ")");
        }
        List<GameEntry> games = GameChoices.resolve(settings.games() == null ? List.of("all") : settings.games());
        List<Entrant> entrants = settings.bots() == null ? demoEntrants() : entrants(settings.bots());
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
                TimeControl.parseMillis(settings.time() == null ? "1s" : settings.time()),
                TimeControl.parseMillis(settings.bank() == null ? "0" : settings.bank()),
                TimeControl.parseMillis(settings.firstMove() == null ? "2s" : settings.firstMove()));
        String isolation = settings.isolation() == null ? "in-process" : settings.isolation();
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
        Tournament tournament = new Tournament(name, format, games, entrants, candidates, cycles, rounds,
                settings.seed() == null ? 1 : settings.seed(), timeControl, isolation, concurrency);
        tournament.strategy();
        tournament.pairingSetup();
        ContestantFactory contestants = tournament.contestants();
        for (Entrant entrant : entrants) {
            for (GameEntry game : games) {
                contestants.check(entrant.bot(), Games.byId(game.game()));
            }
        }
        return tournament;
    }

    /**
     * The entrants of a list of {@code NAME=BOT} or {@code BOT}; an unnamed bot entered more than
     * once is numbered, {@code random-1}, {@code random-2}, ...
     */
    static List<Entrant> entrants(List<String> texts) {
        List<Entrant> parsed = texts.stream().map(Entrant::parse).toList();
        Map<String, Integer> counts = new HashMap<>();
        parsed.forEach(e -> counts.merge(e.name(), 1, Integer::sum));
        Map<String, Integer> seen = new HashMap<>();
        List<Entrant> entrants = new ArrayList<>();
        for (Entrant entrant : parsed) {
            if (counts.get(entrant.name()) > 1 && entrant.name().equals(entrant.bot())) {
                int number = seen.merge(entrant.name(), 1, Integer::sum);
                entrants.add(new Entrant(entrant.name() + "-" + number, entrant.bot()));
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

    /**
     * The demonstration entrants: every built-in bot, each entered as often as it takes to have at
     * least {@value #DEMO_ENTRANTS} entrants (numbered when entered more than once).
     */
    static List<Entrant> demoEntrants() {
        List<Bot> builtIn = BotRegistry.builtIn();
        int copies = (DEMO_ENTRANTS + builtIn.size() - 1) / builtIn.size();
        List<String> texts = new ArrayList<>();
        for (Bot bot : builtIn) {
            for (int copy = 0; copy < copies; copy++) {
                texts.add(bot.name());
            }
        }
        return entrants(texts);
    }

    /** A Swiss tournament's default length: enough rounds to separate the field, log2 of it plus one. */
    static int defaultSwissRounds(int entrants) {
        return 32 - Integer.numberOfLeadingZeros(entrants - 1) + 1;
    }

    /** The pairing strategy of the format. */
    public PairingStrategy strategy() {
        return switch (format) {
            case "round-robin" -> new RoundRobin(cycles);
            case "gauntlet" -> new Gauntlet(candidates, cycles);
            case "swiss" -> new Swiss(rounds);
            default -> throw new IllegalStateException(format);
        };
    }

    /** What the pairing strategy is given: entrant names in seeding order, games, master seed. */
    public PairingSetup pairingSetup() {
        return new PairingSetup(entrants.stream().map(Entrant::name).toList(), games, seed);
    }

    /** The bot each entrant name plays. */
    public Map<String, String> botsByEntrant() {
        Map<String, String> bots = new HashMap<>();
        entrants.forEach(e -> bots.put(e.name(), e.bot()));
        return bots;
    }

    /**
     * The contestant factory of the isolation mode. Process isolation comes with bot JAR loading;
     * until then it is refused with a clear message.
     */
    public ContestantFactory contestants() {
        if (isolation.equals("process")) {
            throw new IllegalArgumentException("process isolation is not available in this build yet; "
                    + "use --isolation in-process");
        }
        return new InProcessContestants();
    }

    /** The explicit settings of this tournament, as written beside its results. */
    public TournamentSettings settings() {
        return new TournamentSettings(TournamentSettings.VERSION, name, format,
                games.stream().map(GameChoices::notation).toList(),
                entrants.stream().map(Entrant::notation).toList(),
                format.equals("gauntlet") ? candidates : null,
                format.equals("swiss") ? null : cycles,
                format.equals("swiss") ? rounds : null,
                seed, timeControl.moveMillis() + "ms", timeControl.bankMillis() + "ms",
                timeControl.firstMoveMillis() + "ms", isolation, concurrency);
    }
}
