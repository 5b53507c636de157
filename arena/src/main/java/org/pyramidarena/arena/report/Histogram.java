package org.pyramidarena.arena.report;

import java.util.ArrayList;
import java.util.List;

/**
 * Counts of integer values in equal-width bins. The width is the smallest of 1, 2, 5, 10, 20, 50, ...
 * that needs at most the given number of bins, and bins start at a multiple of it, so the labels are
 * round numbers.
 *
 * @param width the bin width
 * @param starts each bin's smallest value; the bin holds {@code start .. start + width - 1}
 * @param counts how many values fell into each bin
 */
record Histogram(long width, List<Long> starts, List<Long> counts) {

    /**
     * Bins the values.
     *
     * @param values the values; none gives an empty histogram
     * @param maxBins the most bins wanted, at least 1
     */
    static Histogram of(long[] values, int maxBins) {
        if (values.length == 0) {
            return new Histogram(1, List.of(), List.of());
        }
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (long v : values) {
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        long width = 1;
        for (long scale = 1; ; scale *= 10) {
            long chosen = 0;
            for (long step : new long[] {1, 2, 5}) {
                long candidate = step * scale;
                if (binCount(min, max, candidate) <= maxBins) {
                    chosen = candidate;
                    break;
                }
            }
            if (chosen > 0) {
                width = chosen;
                break;
            }
        }
        long first = Math.floorDiv(min, width) * width;
        int bins = (int) binCount(min, max, width);
        long[] counts = new long[bins];
        for (long v : values) {
            counts[(int) ((v - first) / width)]++;
        }
        List<Long> starts = new ArrayList<>();
        List<Long> countList = new ArrayList<>();
        for (int b = 0; b < bins; b++) {
            starts.add(first + b * width);
            countList.add(counts[b]);
        }
        return new Histogram(width, starts, countList);
    }

    private static long binCount(long min, long max, long width) {
        return Math.floorDiv(max, width) - Math.floorDiv(min, width) + 1;
    }

    /** Each bin's label: its value when the width is 1, otherwise its range, e.g. {@code 40-49}. */
    List<String> labels() {
        return starts.stream().map(s -> width == 1 ? Long.toString(s) : s + "\u2013" + (s + width - 1)).toList();
    }
}
