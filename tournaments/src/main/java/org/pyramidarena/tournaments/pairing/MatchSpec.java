package org.pyramidarena.tournaments.pairing;

import java.util.List;
import java.util.Objects;
import org.pyramidarena.tournaments.MasterSeed;
import org.pyramidarena.tournaments.MatchRecord;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * One match a pairing strategy asks the arena to play, or one bye it asks the arena to record.
 *
 * <p>Seeds depend only on the master seed and the match's place in the schedule, never on the
 * order in which matches complete, so a tournament gives the same results at any concurrency. They
 * derive one-way (see {@link MasterSeed}): a bot's seed, derived in turn from the match seed, tells
 * it neither of them.
 * Matches that only rotate the seats of the same bots form one paired-deal {@code group} and share
 * a {@code dealSeed}, so the luck of the deal cancels out between them.
 *
 * @param round the round number, from 1
 * @param index the match's place in the whole schedule, from 0; unique and stable within a
 *     tournament; it becomes {@link MatchRecord#match()}
 * @param game the game id, or {@link #BYE_GAME} for a bye
 * @param variant the variant name, or {@link #BYE_GAME} for a bye
 * @param bots the bots by seat, seat 0 first; a bot appears in several seats when a game has more
 *     seats than the tournament has bots; a bye has exactly one bot
 * @param group the paired-deal group, unique within the tournament; the matches of one group have
 *     the same bots and differ only in their seat order
 * @param dealSeed the seed for chance (deals, dice, draws); equal within a group
 * @param matchSeed the seed for everything else random in this one match (for instance a fallback
 *     policy replacing a faulted seat); unique to the match
 * @param bye true when this is a bye, not a match to play
 */
public record MatchSpec(int round, int index, String game, String variant, List<String> bots,
                        int group, long dealSeed, long matchSeed, boolean bye) {

    /**
     * The game id and variant name of a bye. A bye is a result the arena records without playing:
     * when a Swiss round has a bot (or, in 3-5 player games, a few bots) left over, the left-over
     * bot scores as if it had won every match of the round, and no bot gets a second bye while
     * another has had none. The arena writes {@link #byeRecord(String)}, a one-seat record that the
     * Swiss standings count as those wins and that ratings ignore because it has no opponent.
     */
    public static final String BYE_GAME = "bye";

    /** The stream of {@link MasterSeed#derive} that gives a paired-deal group's deal seed. */
    public static final String DEAL_STREAM = "deal";

    /** The stream of {@link MasterSeed#derive} that gives a match's match seed. */
    public static final String MATCH_STREAM = "match";

    public MatchSpec {
        Objects.requireNonNull(game, "game");
        Objects.requireNonNull(variant, "variant");
        bots = List.copyOf(bots);
        if (round < 1 || index < 0 || group < 0) {
            throw new IllegalArgumentException("round from 1, index and group from 0");
        }
        if (bye != (bots.size() == 1)) {
            throw new IllegalArgumentException("a bye has exactly one bot and a match at least two: " + bots);
        }
    }

    /** A match to play, with seeds derived from the master seed and its place in the schedule. */
    static MatchSpec match(MasterSeed masterSeed, int round, int index, int group, GameEntry game, List<String> bots) {
        return new MatchSpec(round, index, game.game(), game.variant(), bots, group,
                dealSeed(masterSeed, group), matchSeed(masterSeed, index), false);
    }

    /** A bye for one bot, with seeds derived like a match's so the record carries a seed too. */
    static MatchSpec bye(MasterSeed masterSeed, int round, int index, int group, String bot) {
        return new MatchSpec(round, index, BYE_GAME, BYE_GAME, List.of(bot), group,
                dealSeed(masterSeed, group), matchSeed(masterSeed, index), true);
    }

    /** The deal seed of a paired-deal group: {@code masterSeed.derive("deal", group)}. */
    public static long dealSeed(MasterSeed masterSeed, int group) {
        return masterSeed.derive(DEAL_STREAM, group);
    }

    /** The match seed of the match at a place in the schedule: {@code masterSeed.derive("match", index)}. */
    public static long matchSeed(MasterSeed masterSeed, int index) {
        return masterSeed.derive(MATCH_STREAM, index);
    }

    /** The number of seats; 1 for a bye. */
    public int players() {
        return bots.size();
    }

    /**
     * The record the arena writes for this bye instead of playing it: one seat, rank 1, no moves.
     *
     * @param tournament the tournament's name, as in every other record
     * @throws IllegalStateException when this is not a bye
     */
    public MatchRecord byeRecord(String tournament) {
        if (!bye) {
            throw new IllegalStateException("match " + index + " is not a bye");
        }
        return new MatchRecord(tournament, round, index, BYE_GAME, BYE_GAME,
                List.of(new SeatResult(bots.get(0), 1, 0.0, TerminationReason.NORMAL, 0)),
                TerminationReason.NORMAL, 0, matchSeed);
    }

    /** True when a record is a bye written by {@link #byeRecord(String)}. */
    public static boolean isBye(MatchRecord record) {
        return record.players() == 1 && BYE_GAME.equals(record.game());
    }
}
