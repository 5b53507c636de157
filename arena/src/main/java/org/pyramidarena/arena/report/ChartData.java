package org.pyramidarena.arena.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;

/**
 * What a page needs to draw charts of {@link Charts}: each chart's container, and at the end of the
 * page the charts' data as JSON in {@code <script type="application/json" id="report-data">}, the
 * inlined Chart.js and the report's drawing script ({@code report.js}), which draws each chart into
 * the {@code <canvas>} of the container whose id is the chart's.
 */
final class ChartData {

    private static final ObjectMapper JSON = new ObjectMapper();

    static {
        JSON.getFactory().setCharacterEscapes(new ScriptSafeEscapes());
    }

    private ChartData() {
    }

    /** A chart's container, of a fixed height, its canvas labelled with the chart's title. */
    static String container(String id, String title, int heightPixels) {
        return "<div class=\"chart\" id=\"" + ReportPage.escape(id) + "\" style=\"height:" + heightPixels
                + "px\"><canvas role=\"img\" aria-label=\"" + ReportPage.escape(title) + "\"></canvas></div>\n";
    }

    /** The scripts that draw the charts: their data, Chart.js and {@code report.js}. */
    static String scripts(List<Object> charts) {
        String data;
        try {
            data = JSON.writeValueAsString(Map.of("charts", charts));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return "<script type=\"application/json\" id=\"report-data\">" + data + "</script>\n"
                + "<script>\n" + ChartLibrary.script() + "\n</script>\n"
                + "<script>\n" + ChartLibrary.read("/org/pyramidarena/arena/report/report.js") + "</script>\n";
    }

    /** JSON that can sit inside a script element: '<', '>' and '&' written as unicode escapes. */
    private static final class ScriptSafeEscapes extends CharacterEscapes {
        private final int[] escapes = standardAsciiEscapesForJSON();

        ScriptSafeEscapes() {
            escapes['<'] = ESCAPE_STANDARD;
            escapes['>'] = ESCAPE_STANDARD;
            escapes['&'] = ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
