package org.pyramidarena.arena.server.pages;

import java.util.Objects;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * A value the pages share among requests, made again only when its key changes (a count of
 * matches, a second of the clock), by one request at a time: while one makes it, the others are
 * answered with the value before; the first value is waited for. A page that makes fewer calls on
 * the database answers sooner under load (docs/contest-server.md, "Under load").
 *
 * @param <K> the key, compared with {@code equals}
 */
final class SharedValue<K, V> {

    private record Made<K, V>(K key, V value) {
    }

    private final ReentrantLock making = new ReentrantLock();
    private volatile Made<K, V> made;

    /**
     * The value for the key: the one made for it, or, when another request is making a newer
     * one, the last made; otherwise made now.
     */
    V get(K key, Supplier<V> make) {
        Made<K, V> known = made;
        if (known != null && (Objects.equals(known.key(), key) || !making.tryLock())) {
            return known.value();
        }
        if (known == null) {
            making.lock();
        }
        try {
            known = made;
            if (known == null || !Objects.equals(known.key(), key)) {
                known = new Made<>(key, make.get());
                made = known;
            }
            return known.value();
        } finally {
            making.unlock();
        }
    }
}
