package org.pyramidarena.arena.server.access;

import io.javalin.http.TooManyRequestsResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.pyramidarena.arena.server.contest.ContestDatabase;

/**
 * At most the contest's uploads per team in any hour, refused attempts included. The count is
 * kept in memory and starts afresh when the server starts.
 */
public final class UploadRateLimit {

    private static final long HOUR_MILLIS = 3_600_000;

    private final int perHour;
    private final Map<Long, Deque<Long>> uploads = new ConcurrentHashMap<>();

    public UploadRateLimit(int perHour) {
        this.perHour = perHour;
    }

    /**
     * Counts an upload of a team.
     *
     * @throws TooManyRequestsResponse when the team has made as many in the last hour, saying when it may again
     */
    public void take(ContestDatabase.Team team) {
        long now = System.currentTimeMillis();
        Deque<Long> times = uploads.computeIfAbsent(team.id(), k -> new ArrayDeque<>());
        synchronized (times) {
            while (!times.isEmpty() && now - times.peekFirst() > HOUR_MILLIS) {
                times.pollFirst();
            }
            if (times.size() >= perHour) {
                long wait = (HOUR_MILLIS - (now - times.peekFirst())) / 1000 + 1;
                throw new TooManyRequestsResponse("at most " + perHour + " uploads an hour; try again in " + wait
                        + " s");
            }
            times.addLast(now);
        }
    }
}
