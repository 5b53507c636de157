package org.pyramidarena.arena.server.pages;

import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A value the pages share, too costly to make on a request's thread whenever its key changes once
 * the contest is large (the team pages' rating history: every rated match read and forty fits).
 * While it is quick to make (under {@value #CHEAP_MILLIS} ms, a young contest), it is made on the
 * request's thread when its key changes. Once it takes longer, a request always gets the last value
 * made at once, and a key that has changed has it made again on a thread of its own, at most once every {@code minimumMillis}, or every four
 * makings' time when a making takes longer (so a fifth of a core at most). So a page is that much
 * (plus one making) behind the matches at most, and no request but the first pays for the making.
 *
 * @param <K> the key, compared with {@code equals}
 */
final class BackgroundValue<K, V> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundValue.class);

    private record Made<K, V>(K key, V value, long atMillis, long tookMillis) {
    }

    /** A making this quick is done on the request's thread, as the key changes. */
    static final long CHEAP_MILLIS = 20;

    private final long minimumMillis;
    private final ExecutorService maker;
    private final AtomicBoolean making = new AtomicBoolean();
    private volatile Made<K, V> made;

    /**
     * @param name the making thread's name
     * @param minimumMillis the least time between two makings
     */
    BackgroundValue(String name, long minimumMillis) {
        this.minimumMillis = minimumMillis;
        this.maker = Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The last value made: made now for the first request; made again in the background when the key changed. */
    V get(K key, Supplier<V> make) {
        Made<K, V> known = made;
        if (known == null) {
            synchronized (this) {
                if (made == null) {
                    made = make(key, make);
                }
                return made.value();
            }
        }
        if (!Objects.equals(known.key(), key) && known.tookMillis() < CHEAP_MILLIS) {
            // Cheap to make (a young contest): made now, so that the page shows what has just happened.
            synchronized (this) {
                if (!Objects.equals(made.key(), key)) {
                    made = make(key, make);
                }
                return made.value();
            }
        }
        // A value that took long to make is made again less often: its making takes a fifth of a core at most.
        long wait = Math.max(minimumMillis, 4 * known.tookMillis());
        if (!Objects.equals(known.key(), key) && System.currentTimeMillis() - known.atMillis() >= wait
                && making.compareAndSet(false, true)) {
            try {
                maker.execute(() -> {
                    try {
                        made = make(key, make);
                    } catch (RuntimeException e) {
                        LOG.warn("a page's shared value could not be made: {}", e.toString());
                    } finally {
                        making.set(false);
                    }
                });
            } catch (RuntimeException e) {
                making.set(false); // closed: the last value stands
            }
        }
        return known.value();
    }

    private Made<K, V> make(K key, Supplier<V> make) {
        long begun = System.currentTimeMillis();
        V value = make.get();
        long now = System.currentTimeMillis();
        return new Made<>(key, value, now, now - begun);
    }

    @Override
    public void close() {
        maker.shutdownNow();
    }
}
