package org.pyramidarena.arena.server.access;

import io.javalin.http.TooManyRequestsResponse;
import java.util.function.LongSupplier;
import org.pyramidarena.arena.server.contest.ContestDatabase;

/**
 * At most the contest's uploads per team in any hour, refused attempts included. Every attempt is
 * kept in the contest's database, so a restart of the server forgives none.
 */
public final class UploadRateLimit {

    private static final long HOUR_MILLIS = 3_600_000;

    private final ContestDatabase db;
    private final int perHour;
    private final LongSupplier clock;

    /** The limit on the system clock. */
    public UploadRateLimit(ContestDatabase db, int perHour) {
        this(db, perHour, System::currentTimeMillis);
    }

    /**
     * @param clock the time in milliseconds since the epoch
     */
    public UploadRateLimit(ContestDatabase db, int perHour, LongSupplier clock) {
        this.db = db;
        this.perHour = perHour;
        this.clock = clock;
    }

    /**
     * Counts an upload of a team.
     *
     * @throws TooManyRequestsResponse when the team has made as many in the last hour, saying when it may again
     */
    public void take(ContestDatabase.Team team) {
        long wait = db.takeUpload(team.id(), clock.getAsLong(), HOUR_MILLIS, perHour);
        if (wait > 0) {
            throw new TooManyRequestsResponse("at most " + perHour + " uploads an hour; try again in "
                    + (wait / 1000 + 1) + " s");
        }
    }
}
