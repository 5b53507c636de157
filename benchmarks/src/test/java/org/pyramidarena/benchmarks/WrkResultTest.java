package org.pyramidarena.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** wrk's report read as it prints it: percentiles in any unit, errors only when there are some. */
class WrkResultTest {

    @Test
    void aCleanRunGivesItsPercentilesInMilliseconds() {
        WrkResult result = WrkResult.parse("""
                Running 20s test @ http://127.0.0.1:8080/
                  1 threads and 8 connections
                  Thread Stats   Avg      Stdev     Max   +/- Stdev
                    Latency     4.12ms    2.01ms  48.30ms   91.20%
                    Req/Sec     1.95k   210.44     2.31k    72.50%
                  Latency Distribution
                     50%  843.00us
                     75%    4.60ms
                     90%    6.10ms
                     99%    1.20s
                  38920 requests in 20.01s, 310.22MB read
                Requests/sec:   1945.03
                Transfer/sec:     15.50MB
                """);
        assertEquals(new WrkResult(38920, 0.843, 1200, 1945.03, 0, 0), result);
        assertTrue(result.clean());
    }

    @Test
    void socketErrorsAndBadStatusesAreCounted() {
        WrkResult result = WrkResult.parse("""
                  Latency Distribution
                     50%   12.00ms
                     75%   20.00ms
                     90%   30.00ms
                     99%  150.00ms
                  200 requests in 5.00s, 1.00MB read
                  Socket errors: connect 1, read 2, write 0, timeout 4
                  Non-2xx or 3xx responses: 9
                Requests/sec:     40.00
                """);
        assertEquals(7, result.socketErrors());
        assertEquals(9, result.non2xx());
        assertFalse(result.clean());
    }

    @Test
    void aReportWithoutTheDistributionIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> WrkResult.parse("unable to connect to 127.0.0.1:1"));
    }
}
