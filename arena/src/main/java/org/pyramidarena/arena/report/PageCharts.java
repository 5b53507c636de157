package org.pyramidarena.arena.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Charts in the report's style on pages that are not the report (the contest server's): the same
 * Chart.js, inlined, drawn by the report's own script from the same data, so the pages work offline
 * and look like the report. Make the charts as the page is written, each placed by its container,
 * and end the page's body with {@link #scripts()}.
 */
public final class PageCharts {

    private final List<Object> charts = new ArrayList<>();

    /**
     * A chart of lines: several series over the same categories, a point per category joined by
     * lines, a gap where a series has no value.
     *
     * @param id the container's element id
     * @param series each series' values by its name, in legend order, one per label (null for none)
     * @return the chart's container, to be placed where the chart goes
     */
    public String lines(String id, String title, String categoryAxis, String valueAxis, List<String> labels,
                        Map<String, List<Double>> series, int heightPixels) {
        List<Charts.IntervalSeries> lines = new ArrayList<>();
        series.forEach((name, values) -> lines.add(new Charts.IntervalSeries(name, values, null, null)));
        charts.add(new Charts.SeriesChart(id, "series", title, categoryAxis, valueAxis, false, true, List.copyOf(labels),
                lines, null, null));
        return ChartData.container(id, title, heightPixels);
    }

    /** The scripts that draw the charts made so far, for the end of the page's body; empty when there is none. */
    public String scripts() {
        return charts.isEmpty() ? "" : ChartData.scripts(charts);
    }

    /** The inlined Chart.js's version (MIT License), for a page's footer. */
    public static String libraryVersion() {
        return ChartLibrary.VERSION;
    }
}
