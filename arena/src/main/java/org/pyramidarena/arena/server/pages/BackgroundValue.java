package org.pyramidarena.arena.server.pages;

import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A value the pages share, too costly to make on a request's thread whenever its key changes (the
 * team pages' rating history: every rated match read and forty fits): the first request waits for
 * it; after that a request always gets the last value made at once, and a key that has changed has
 * it made again on a thread of its own, at most once every {@code minimumMillis}. So a page is at most
 * that much (plus one making) behind the matches, and no request pays for the making.
 *
 * @param <K> the key, compared with {@code equals}
 */
final class BackgroundValue<K, V> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(BackgroundValue.class);

    private record Made<K, V>(K key, V value, long atMillis) {
    }

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
                    made = new Made<>(key, make.get(), System.currentTimeMillis());
                }
                return made.value();
            }
        }
        if (!Objects.equals(known.key(), key) && System.currentTimeMillis() - known.atMillis() >= minimumMillis
                && making.compareAndSet(false, true)) {
            try {
                maker.execute(() -> {
                    try {
                        made = new Made<>(key, make.get(), System.currentTimeMillis());
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

    @Override
    public void close() {
        maker.shutdownNow();
    }
}
