package org.pyramidarena.arena.server.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.pyramidarena.arena.server.contest.ContestDatabase;
import org.pyramidarena.arena.server.contest.FinalRun;

/**
 * The JSON API's bodies, each a record Jackson writes field by field in the order of its
 * components. A status is written as its stored name ({@code ready}, {@code ladder}, {@code done}).
 */
final class Bodies {

    private Bodies() {
    }

    /** {@code GET /api/contest}: the contest's settings and progress. */
    record Contest(String name, List<String> games, String timeControl, String sandbox, boolean frozen, int teams,
                   int ladderMatches, int qualifyingMatches, int checkMatches, Map<String, String> interpreters,
                   long maxUploadBytes, int uploadsPerHour, @JsonProperty("final") Final finalRun) {
    }

    /** A match; {@code replay} is the viewer's path once the match has a replay. */
    record Match(long id, String phase, String game, String variant, int players, String status, String termination,
                 Integer moves, String finishedAt, List<Seat> seats, String replay) {

        static Match of(ContestDatabase.Match match) {
            return new Match(match.id(), match.phase().label(), match.game(), match.variant(), match.players(),
                    match.status().label(), match.termination(), match.moves(), match.finishedAt(),
                    match.seats().stream().map(Seat::of).toList(),
                    match.replay() == null ? null : "/matches/" + match.id() + "/replay");
        }
    }

    /** A seat of a match; rank, score and ending are null until the match is over, detail when there is none. */
    record Seat(int seat, String bot, Integer rank, Double score, String termination, String detail) {

        static Seat of(ContestDatabase.Seat seat) {
            return new Seat(seat.seat(), seat.bot(), seat.rank(), seat.score(), seat.termination(),
                    seat.detail() == null || seat.detail().isEmpty() ? null : seat.detail());
        }
    }

    /** {@code GET /api/team}: the team's versions, newest first, and its latest matches. */
    record Team(String team, List<Version> versions, List<Match> matches) {
    }

    /**
     * A team's version, as the upload answers it and the team's body lists it; {@code checkMatch} is
     * the id of the check match that rejected it (null when none did).
     */
    record Version(int number, String label, String file, String kind, String sha256, long sizeBytes, String status,
                   String reason, Long checkMatch, String uploadedAt) {

        static Version of(ContestDatabase.Version version) {
            return new Version(version.number(), version.label(), version.fileName(), version.kind(), version.sha256(),
                    version.sizeBytes(), version.status().label(), version.reason(), version.checkMatch(),
                    version.uploadedAt());
        }
    }

    /**
     * The final: its state, its seed once done (null before), its error if it failed, and once done
     * the paths of its files, which are left out before.
     */
    record Final(String state, String seed, String error, @JsonInclude(JsonInclude.Include.NON_NULL) String results,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String standings,
                 @JsonInclude(JsonInclude.Include.NON_NULL) String report) {

        static Final of(FinalRun.Status status) {
            boolean done = status.state() == FinalRun.State.DONE;
            return new Final(status.state().label(), status.seed(), status.error(),
                    done ? "/final/results.csv" : null, done ? "/final/standings.csv" : null,
                    done ? "/final/report.html" : null);
        }
    }

    /** A new team and its token, shown this once. */
    record NewTeam(String team, String token) {
    }

    /** Whether submissions are frozen. */
    record Frozen(boolean frozen) {
    }

    /** Why a request was refused. */
    record Refusal(String error) {
    }

    /**
     * {@code GET /api/admin/workers}: a worker seen in the last minute, with the matches it plays now.
     *
     * @param lastSeen when it last said it was alive (ISO-8601)
     */
    record Worker(String name, String host, int threads, String started, String lastSeen, long played,
                  List<Long> playing) {

        static Worker of(ContestDatabase.Worker worker, List<Long> playing) {
            return new Worker(worker.name(), worker.host(), worker.threads(), worker.startedAt(),
                    Instant.ofEpochMilli(worker.seenMillis()).toString(), worker.played(), playing);
        }
    }
}
