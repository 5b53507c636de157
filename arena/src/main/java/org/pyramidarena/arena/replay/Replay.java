package org.pyramidarena.arena.replay;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import org.pyramidarena.arena.match.TimeControl;

/**
 * A match as a document: enough to replay it through the rules and prove what happened. Written
 * as JSON (one document per match, optionally gzip-compressed); see {@code docs/replays.md}.
 *
 * @param format the replay format version, {@link #FORMAT}
 * @param arenaVersion the version of the arena that played the match
 * @param game the game id
 * @param variant the variant name
 * @param players the number of seats
 * @param seats the bots by seat
 * @param masterSeed the text of the master seed the match's seeds derive from (a tournament's, or a
 *     single match's {@code --seed}): a whole number, or a secret seed's 64 hex digits; in format 1
 *     a number, read here as its decimal text
 * @param matchSeed the seed the bots' seeds and the fallback policy's derive from
 * @param dealSeed the seed the chance generator's seed derives from
 * @param timeControl the clock rules, the clock counted ({@code wall} or {@code cpu}) among them
 * @param sandbox what bot processes ran in: {@code bwrap} or {@code none} (null in replays written
 *        before the arena recorded it)
 * @param cage what backed the sandbox's limits: {@code cgroup v2}, {@code cgroup v1} or {@code
 *        signals and rlimits}; absent without a sandbox and in replays written before the arena
 *        recorded it
 * @param actions every action in order, chance outcomes included
 * @param termination how the match ended: {@code normal} or the first fault's label
 * @param faultDetail a description of the first fault, "" when none
 * @param seatTerminations each seat's own termination label
 * @param outcome the recorded result
 * @param opening what the referee played before the bots were asked, and how many of the first
 *     actions it covers; absent (null) when the match had no opening, and in replays written before
 *     the arena had openings
 * @param faultStderr the lines the bot of the first fault wrote on standard error during the turn
 *     it faulted in (see {@link Action#stderr}); absent when there are none, and in replays written
 *     before the arena kept them
 */
public record Replay(int format, String arenaVersion, String game, String variant, int players, List<Seat> seats,
                     String masterSeed, long matchSeed, long dealSeed, TimeControl timeControl, String sandbox,
                     @JsonInclude(JsonInclude.Include.NON_NULL) String cage, List<Action> actions,
                     String termination, String faultDetail, List<String> seatTerminations, Result outcome,
                     @JsonInclude(JsonInclude.Include.NON_NULL) Opening opening,
                     @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> faultStderr) {

    public Replay {
        faultStderr = faultStderr == null ? List.of() : List.copyOf(faultStderr);
    }

    /** A replay without an opening and without standard error kept for its fault. */
    public Replay(int format, String arenaVersion, String game, String variant, int players, List<Seat> seats,
                  String masterSeed, long matchSeed, long dealSeed, TimeControl timeControl, String sandbox,
                  String cage, List<Action> actions, String termination, String faultDetail,
                  List<String> seatTerminations, Result outcome) {
        this(format, arenaVersion, game, variant, players, seats, masterSeed, matchSeed, dealSeed, timeControl, sandbox,
                cage, actions, termination, faultDetail, seatTerminations, outcome, null, List.of());
    }

    /** How many of the first actions are the match's opening: 0 without one. */
    public int openingActions() {
        return opening == null ? 0 : opening.actions();
    }

    /**
     * The version of this format. Format 2 (issue 23) derives the chance generator's seed from the
     * deal seed with HMAC-SHA-256 and holds the master seed as text; format 1 derived it with the
     * SplitMix64 finalisation of {@code Seeds} and held the master seed as a number. This arena
     * writes format 2 and reads both.
     */
    public static final int FORMAT = 2;

    /** The first format, still read and verified. */
    public static final int FORMAT_1 = 1;

    /** The actor number of chance in {@link Action#actor()}. */
    public static final int CHANCE = -1;

    /**
     * A seat's bot.
     *
     * @param seat the seat number
     * @param bot the bot's name
     * @param jarSha256 the SHA-256 of the JAR the bot was loaded from, hex; null when not from a JAR
     * @param options the options the bot was given ({@code --bot "mcts?iterations=800"}), by name;
     *     absent when none was given, and in replays written before bots had options
     */
    public record Seat(int seat, String bot, String jarSha256,
                       @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, Object> options) {

        /** A seat whose bot was given no option. */
        public Seat(int seat, String bot, String jarSha256) {
            this(seat, bot, jarSha256, null);
        }
    }

    /**
     * One action.
     *
     * @param actor the seat that acted, or {@link #CHANCE} (-1) for a chance outcome
     * @param move the action's notation
     * @param micros the real time the seat took, in microseconds (0 for chance)
     * @param cpuMicros the CPU time the seat used, in microseconds (0 for chance); null when it was
     *     not measured, and in replays written before the arena measured it
     * @param fallback true when the referee's fallback policy moved for a seat that had faulted
     * @param info what the seat's bot said it was thinking about the move (its {@code info}), cleaned
     *     and at most 200 characters; absent when it said nothing, and in replays written before
     *     the arena kept it
     * @param stderr the lines the seat's bot wrote on standard error since its previous move (or the
     *     match's start), cleaned, at most 20 of 200 characters each (a first line says how many
     *     earlier ones were left out); kept for bots in a process of their own, absent when there
     *     are none. A fallback move right after a fault carries what the seat said in the turn it
     *     faulted in.
     */
    public record Action(int actor, String move, long micros, Long cpuMicros, boolean fallback,
                         @JsonInclude(JsonInclude.Include.NON_NULL) String info,
                         @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> stderr) {

        public Action {
            info = info == null || info.isEmpty() ? null : info;
            stderr = stderr == null ? List.of() : List.copyOf(stderr);
        }

        /** An action with nothing said beside it. */
        public Action(int actor, String move, long micros, Long cpuMicros, boolean fallback) {
            this(actor, move, micros, cpuMicros, fallback, null, List.of());
        }
    }

    /**
     * A match's opening (see {@code org.pyramidarena.arena.match.Opening}).
     *
     * @param line the book's line forced first, in the game's notation, chance outcomes included;
     *     empty for none
     * @param randomPlies the seat decisions after the line drawn at random from the deal seed's
     *     opening generator ({@code MatchRunner.openingSeed})
     * @param actions how many of the replay's first actions are the opening: the line, then the
     *     random plies with the chance drawn between them, up to the last action the opening forced
     */
    public record Opening(List<String> line, int randomPlies, int actions) {
    }

    /**
     * The recorded result.
     *
     * @param ranks each seat's rank, 1 first
     * @param scores each seat's raw score
     */
    public record Result(List<Integer> ranks, List<Double> scores) {
    }
}
