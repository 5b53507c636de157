package org.pyramidarena.arena.report;

import java.util.List;

/**
 * The charts of the report, as the data the page's script turns into Chart.js charts. They are
 * embedded in the page as JSON ({@code <script type="application/json" id="report-data">}); each
 * chart is drawn into the {@code <canvas>} inside the element whose id is the chart's {@code id}.
 */
final class Charts {
    private Charts() {
    }

    /**
     * Estimates with intervals, one per category: a dot for the estimate, a bar from the low to the
     * high end of its interval, and optionally a dashed reference line (the fair share).
     *
     * @param id the container's element id
     * @param kind always {@code interval}
     * @param title the chart's title
     * @param horizontal categories down the side (bots) rather than along the bottom (seats)
     * @param categoryAxis the category axis title
     * @param valueAxis the value axis title
     * @param percent whether values are fractions to show as percentages
     * @param labels the categories
     * @param value the estimate per category
     * @param low the interval's low end per category; null where there is no interval
     * @param high the interval's high end per category; null where there is no interval
     * @param valueLabel the legend entry of the estimates
     * @param intervalLabel the legend entry of the intervals
     * @param reference the reference value, or null for none
     * @param referenceLabel the legend entry of the reference, or null
     */
    record IntervalChart(String id, String kind, String title, boolean horizontal, String categoryAxis,
                         String valueAxis, boolean percent, List<String> labels, List<Double> value, List<Double> low,
                         List<Double> high, String valueLabel, String intervalLabel, Double reference,
                         String referenceLabel) {
    }

    /**
     * Bars: a histogram (one series, bars touching) or counts per category in stacked series.
     *
     * @param id the container's element id
     * @param kind always {@code bars}
     * @param title the chart's title
     * @param horizontal categories down the side rather than along the bottom
     * @param stacked whether the series stack
     * @param histogram whether the bars touch (bins of a histogram)
     * @param categoryAxis the category axis title
     * @param valueAxis the value axis title
     * @param labels the categories (or bins)
     * @param series the series, each with one value per category
     */
    record BarChart(String id, String kind, String title, boolean horizontal, boolean stacked, boolean histogram,
                    String categoryAxis, String valueAxis, List<String> labels, List<Series> series) {
    }

    /**
     * One series of a bar chart.
     *
     * @param name its legend entry
     * @param values one value per category
     */
    record Series(String name, List<Long> values) {
    }

    /**
     * Several series over the same categories, each a point per category with an optional interval
     * drawn as a thin bar behind it, the points joined by lines or not.
     *
     * @param id the container's element id
     * @param kind always {@code series}
     * @param title the chart's title
     * @param categoryAxis the category axis title
     * @param valueAxis the value axis title
     * @param percent whether values are fractions to show as percentages
     * @param lines whether a series' points are joined by lines
     * @param labels the categories
     * @param series the series
     * @param reference a dashed reference line's value, or null for none
     * @param referenceLabel the legend entry of the reference, or null
     */
    record SeriesChart(String id, String kind, String title, String categoryAxis, String valueAxis, boolean percent,
                       boolean lines, List<String> labels, List<IntervalSeries> series, Double reference,
                       String referenceLabel) {
    }

    /**
     * One series of a {@link SeriesChart}.
     *
     * @param name its legend entry
     * @param value the estimate per category; null where there is none
     * @param low the interval's low end per category (null where none), or null for no intervals
     * @param high the interval's high end per category (null where none), or null for no intervals
     */
    record IntervalSeries(String name, List<Double> value, List<Double> low, List<Double> high) {
    }

    /**
     * Curves along a number line (a rule parameter's values, unevenly spaced): each series a line
     * through its points with its interval as a shaded band, a dashed line at the reference value,
     * and markers on it: a point with a horizontal interval for each series' crossing (its fair value).
     *
     * @param id the container's element id
     * @param kind always {@code curve}
     * @param title the chart's title
     * @param xAxis the number line's title
     * @param yAxis the value axis title
     * @param percent whether values are fractions to show as percentages
     * @param series the series
     * @param reference the reference value (0 for "no advantage")
     * @param referenceLabel the legend entry of the reference
     * @param markers the crossings, one per series that has one
     */
    record CurveChart(String id, String kind, String title, String xAxis, String yAxis, boolean percent,
                      List<CurveSeries> series, double reference, String referenceLabel, List<Marker> markers) {
    }

    /**
     * One series of a {@link CurveChart}.
     *
     * @param name its legend entry
     * @param x the values along the number line, ascending
     * @param value the estimate at each
     * @param low the interval's low end at each (null where none)
     * @param high the interval's high end at each (null where none)
     */
    record CurveSeries(String name, List<Double> x, List<Double> value, List<Double> low, List<Double> high) {
    }

    /**
     * A point on the reference line with a horizontal interval: where a series crosses it.
     *
     * @param name its legend entry
     * @param x where it crosses
     * @param low the interval's low end, or null for none
     * @param high the interval's high end, or null for none
     */
    record Marker(String name, double x, Double low, Double high) {
    }
}
