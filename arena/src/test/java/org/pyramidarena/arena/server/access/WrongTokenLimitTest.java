package org.pyramidarena.arena.server.access;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.javalin.http.TooManyRequestsResponse;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Wrong tokens counted per client address over the last minute, on a clock the test turns. */
class WrongTokenLimitTest {

    private final AtomicLong now = new AtomicLong(1_000_000);
    private final WrongTokenLimit limit = new WrongTokenLimit(3, now::get);

    @Test
    void anAddressIsRefusedAfterItsWrongTokensOfTheMinuteUntilTheOldestIsAMinuteOld() {
        for (int i = 0; i < 3; i++) {
            assertDoesNotThrow(() -> limit.check("10.0.0.1"));
            limit.failed("10.0.0.1");
            now.addAndGet(10_000);
        }
        TooManyRequestsResponse refused = assertThrows(TooManyRequestsResponse.class, () -> limit.check("10.0.0.1"));
        assertTrue(refused.getMessage().contains("try again in 31 s"), refused.getMessage());
        assertDoesNotThrow(() -> limit.check("10.0.0.2"), "another address is not held back");
        now.addAndGet(30_000);
        assertDoesNotThrow(() -> limit.check("10.0.0.1"), "the first wrong token is a minute old");
        limit.failed("10.0.0.1");
        assertThrows(TooManyRequestsResponse.class, () -> limit.check("10.0.0.1"));
    }
}
