package org.pyramidarena.arena.server.contest;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.pyramidarena.arena.common.Hashes;
import org.pyramidarena.arena.server.contest.ContestDatabase.MatchPhase;
import org.pyramidarena.tournaments.SeatResult;
import org.pyramidarena.tournaments.TerminationReason;

/**
 * A contest's database with results written straight into it, as the ladder writes them: teams,
 * versions on the ladder, and finished two-player matches of a chosen phase and result.
 */
final class ContestFixture implements AutoCloseable {

    /** Seeds by match id: the match seed is the id, the deal seed its negation. */
    static final ContestDatabase.SeedsById SEEDS = new ContestDatabase.SeedsById() {
        @Override
        public long matchSeed(long matchId) {
            return matchId;
        }

        @Override
        public long dealSeed(long matchId) {
            return -matchId;
        }
    };

    final ContestDatabase db;

    ContestFixture(Path folder) {
        db = ContestDatabase.open("jdbc:sqlite:" + folder.resolve("contest.db"));
    }

    /** A new version of a team (made when it is new), on the ladder. */
    ContestDatabase.Version version(String team) {
        ContestDatabase.Team owner = db.team(team).orElseGet(() -> db.addTeam(team, Tokens.hash(team)));
        long id = db.nextVersionId();
        db.addVersion(id, owner, "jar", "bot.jar", "versions/" + id + "/bot.jar", Hashes.sha256(new byte[1]),
                new byte[1]);
        db.setStatus(id, ContestDatabase.VersionStatus.READY, null);
        return db.version(id).orElseThrow();
    }

    /**
     * A finished Pylon match between versions, seat by seat.
     *
     * @param ranks each seat's rank (1 the winner; equal ranks a draw)
     * @return the match id
     */
    long play(MatchPhase phase, List<ContestDatabase.Version> seats, int... ranks) {
        long id = db.addMatch(phase, "pylon", "standard", new ArrayList<>(seats.stream().map(v -> (Long) v.id())
                .toList()), seats.stream().map(ContestDatabase.Version::label).toList(), SEEDS);
        List<SeatResult> results = new ArrayList<>();
        for (int seat = 0; seat < seats.size(); seat++) {
            results.add(new SeatResult(seats.get(seat).label(), ranks[seat], ranks[seat] == 1 ? 1 : 0,
                    TerminationReason.NORMAL, 10, 10));
        }
        List<String> nothing = Arrays.asList(new String[seats.size()]);
        db.claim(id, "fixture", 0, Long.MAX_VALUE / 2).orElseThrow();
        db.finishMatch(id, "fixture", "normal", "", 20, new byte[0], "replays/match-" + id + ".json.gz", results,
                nothing, nothing, null);
        return id;
    }

    /** A finished two-player match that {@code winner} won against {@code loser}, {@code winner} in seat 0. */
    long win(MatchPhase phase, ContestDatabase.Version winner, ContestDatabase.Version loser) {
        return play(phase, List.of(winner, loser), 1, 2);
    }

    @Override
    public void close() {
        db.close();
    }
}
