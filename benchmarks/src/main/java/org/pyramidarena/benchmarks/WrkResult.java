package org.pyramidarena.benchmarks;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one run of wrk ({@code wrk --latency}, 4.x) measured, read from its report.
 *
 * @param requests the requests completed
 * @param p50Millis the median latency, in milliseconds
 * @param p99Millis the 99th percentile of latency, in milliseconds
 * @param requestsPerSecond the requests completed per second
 * @param socketErrors connect, read, write and timeout errors together (0 when wrk printed none)
 * @param non2xx responses whose status was not 2xx or 3xx (0 when wrk printed none)
 */
public record WrkResult(long requests, double p50Millis, double p99Millis, double requestsPerSecond,
                        long socketErrors, long non2xx) {

    private static final Pattern PERCENTILE = Pattern.compile("^\\s*(50|99)(?:\\.0+)?%\\s+([0-9.]+)(us|ms|s|m|h)\\s*$",
            Pattern.MULTILINE);
    private static final Pattern REQUESTS = Pattern.compile("^\\s*(\\d+) requests in ", Pattern.MULTILINE);
    private static final Pattern RATE = Pattern.compile("^Requests/sec:\\s+([0-9.]+)\\s*$", Pattern.MULTILINE);
    private static final Pattern SOCKET_ERRORS = Pattern.compile(
            "Socket errors: connect (\\d+), read (\\d+), write (\\d+), timeout (\\d+)");
    private static final Pattern NON_2XX = Pattern.compile("Non-2xx or 3xx responses: (\\d+)");

    /** Whether every request was answered, with a 2xx or 3xx status. */
    public boolean clean() {
        return socketErrors == 0 && non2xx == 0;
    }

    /**
     * Reads wrk's report.
     *
     * @throws IllegalArgumentException when the report lacks the latency distribution or the rate
     *     (wrk run without {@code --latency}, or failed before measuring)
     */
    public static WrkResult parse(String report) {
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher percentile = PERCENTILE.matcher(report);
        while (percentile.find()) {
            double millis = millis(Double.parseDouble(percentile.group(2)), percentile.group(3));
            if (percentile.group(1).equals("50")) {
                p50 = millis;
            } else {
                p99 = millis;
            }
        }
        Matcher requests = REQUESTS.matcher(report);
        Matcher rate = RATE.matcher(report);
        if (Double.isNaN(p50) || Double.isNaN(p99) || !requests.find() || !rate.find()) {
            throw new IllegalArgumentException("not a wrk --latency report: "
                    + report.lines().limit(3).reduce((a, b) -> a + " / " + b).orElse("(empty)"));
        }
        long socketErrors = 0;
        Matcher errors = SOCKET_ERRORS.matcher(report);
        if (errors.find()) {
            for (int group = 1; group <= 4; group++) {
                socketErrors += Long.parseLong(errors.group(group));
            }
        }
        Matcher non2xx = NON_2XX.matcher(report);
        return new WrkResult(Long.parseLong(requests.group(1)), p50, p99, Double.parseDouble(rate.group(1)),
                socketErrors, non2xx.find() ? Long.parseLong(non2xx.group(1)) : 0);
    }

    private static double millis(double value, String unit) {
        return switch (unit.toLowerCase(Locale.ROOT)) {
            case "us" -> value / 1000;
            case "ms" -> value;
            case "s" -> value * 1000;
            case "m" -> value * 60_000;
            case "h" -> value * 3_600_000;
            default -> throw new IllegalArgumentException("unknown unit " + unit);
        };
    }
}
