package org.pyramidarena.arena.server.access;

import io.javalin.http.TooManyRequestsResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * At most {@value #PER_MINUTE} wrong tokens a minute from one client address; beyond them, every
 * request with a token from that address is refused with 429, before its token is hashed, until
 * the oldest of them is a minute old. A token has 256 bits, so guessing is hopeless; the limit
 * keeps a flood of guesses from costing the server a hash of every token of every team each.
 * Behind a reverse proxy every client has the proxy's address, so the limit is the proxy's.
 */
public final class WrongTokenLimit {

    /** Wrong tokens an address may present in a minute. */
    public static final int PER_MINUTE = 10;

    private static final long MINUTE_MILLIS = 60_000;
    /** Addresses remembered before those with no wrong token in the last minute are forgotten. */
    private static final int ADDRESSES_KEPT = 10_000;

    private final int perMinute;
    private final LongSupplier clock;
    private final Map<String, Deque<Long>> wrong = new ConcurrentHashMap<>();

    /** The limit of {@value #PER_MINUTE} a minute, on the system clock. */
    public WrongTokenLimit() {
        this(PER_MINUTE, System::currentTimeMillis);
    }

    /**
     * @param perMinute wrong tokens an address may present in a minute
     * @param clock the time in milliseconds
     */
    public WrongTokenLimit(int perMinute, LongSupplier clock) {
        this.perMinute = perMinute;
        this.clock = clock;
    }

    /**
     * Lets a request with a token through, unless its address has presented too many wrong ones.
     *
     * @throws TooManyRequestsResponse saying when the address may try again
     */
    public void check(String address) {
        Deque<Long> times = wrong.get(address);
        if (times == null) {
            return;
        }
        long now = clock.getAsLong();
        synchronized (times) {
            forgetOld(times, now);
            if (times.size() >= perMinute) {
                long wait = (MINUTE_MILLIS - (now - times.peekFirst())) / 1000 + 1;
                throw new TooManyRequestsResponse("more than " + perMinute + " wrong tokens a minute from your "
                        + "address; try again in " + wait + " s");
            }
        }
    }

    /** Counts a wrong token from an address. */
    public void failed(String address) {
        long now = clock.getAsLong();
        if (wrong.size() >= ADDRESSES_KEPT) {
            wrong.values().removeIf(times -> {
                synchronized (times) {
                    forgetOld(times, now);
                    return times.isEmpty();
                }
            });
        }
        Deque<Long> times = wrong.computeIfAbsent(address, k -> new ArrayDeque<>());
        synchronized (times) {
            forgetOld(times, now);
            times.addLast(now);
        }
    }

    private static void forgetOld(Deque<Long> times, long now) {
        while (!times.isEmpty() && now - times.peekFirst() >= MINUTE_MILLIS) {
            times.pollFirst();
        }
    }
}
