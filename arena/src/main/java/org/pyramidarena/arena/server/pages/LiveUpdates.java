package org.pyramidarena.arena.server.pages;

import io.javalin.http.sse.SseClient;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.pyramidarena.arena.server.contest.Leaderboard;

/**
 * The pages' live updates: server-sent events on {@code /events} (Javalin's SSE), one event {@value
 * #EVENT} each time the leaderboard has been fitted again after rated matches ended, its data the
 * number of rated matches the fit counted. A page whose parts are live ({@code data-live}) fetches
 * itself again on the event and swaps those parts ({@code live.js}); without JavaScript it reloads
 * itself every {@value Html#REFRESH_SECONDS} seconds instead ({@code <noscript>}). A comment every
 * {@value #HEARTBEAT_SECONDS} seconds keeps idle connections open through proxies and finds the
 * clients that left. At most {@value #MAX_CLIENTS} clients listen at once; a client beyond is closed
 * at once, and its browser tries again later.
 */
public final class LiveUpdates implements AutoCloseable {

    /** The event's name. */
    static final String EVENT = "results";
    static final int HEARTBEAT_SECONDS = 25;
    static final int MAX_CLIENTS = 1000;

    private final Set<SseClient> clients = ConcurrentHashMap.newKeySet();
    private final ScheduledExecutorService heartbeat = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "live-updates");
        thread.setDaemon(true);
        return thread;
    });

    /** Listens to the leaderboard's fits. */
    public LiveUpdates(Leaderboard leaderboard) {
        leaderboard.onRefit(this::publish);
        heartbeat.scheduleWithFixedDelay(() -> send(client -> client.sendComment("still here")), HEARTBEAT_SECONDS,
                HEARTBEAT_SECONDS, TimeUnit.SECONDS);
    }

    /** Takes a new client of {@code /events}: it stays connected until it leaves or the server stops. */
    void connect(SseClient client) {
        if (clients.size() >= MAX_CLIENTS) {
            client.close();
            return;
        }
        client.onClose(() -> clients.remove(client));
        clients.add(client);
        client.keepAlive();
    }

    /** The clients listening now. */
    int clients() {
        return clients.size();
    }

    private void publish(long ratedMatches) {
        send(client -> client.sendEvent(EVENT, Long.toString(ratedMatches)));
    }

    private void send(java.util.function.Consumer<SseClient> message) {
        for (SseClient client : List.copyOf(clients)) {
            try {
                message.accept(client);
            } catch (RuntimeException gone) {
                // A client that left while being written to: it is closed below.
            }
            if (client.terminated()) {
                clients.remove(client);
            }
        }
    }

    /** Closes every client's connection and stops the heartbeat. */
    @Override
    public void close() {
        heartbeat.shutdownNow();
        List.copyOf(clients).forEach(SseClient::close);
        clients.clear();
    }
}
