package org.pyramidarena.arena.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * Chart.js, read from its WebJar on the class path so the report can inline it and work offline.
 * The version is the one Maven resolved, read from the WebJar's own {@code pom.properties}.
 */
final class ChartLibrary {
    private static final String POM_PROPERTIES = "/META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static final Pattern SOURCE_MAP = Pattern.compile("(?m)^//# sourceMappingURL=.*$");
    private static final Pattern END_OF_SCRIPT = Pattern.compile("(?i)</script");

    /** The library's version, e.g. {@code 4.4.7}. */
    static final String VERSION = readVersion();

    private static String script;

    private ChartLibrary() {
    }

    /**
     * The library's UMD build (it defines the global {@code Chart}), ready to sit inside a
     * {@code <script>} element: without its source-map comment (the map is not shipped), and with
     * any {@code </script} written so it cannot end the element.
     */
    static synchronized String script() {
        if (script == null) {
            String text = read("/META-INF/resources/webjars/chart.js/" + VERSION + "/dist/chart.umd.js");
            text = SOURCE_MAP.matcher(text).replaceAll("");
            script = END_OF_SCRIPT.matcher(text).replaceAll("<\\\\/script");
        }
        return script;
    }

    private static String readVersion() {
        Properties properties = new Properties();
        try (InputStream in = ChartLibrary.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException("the Chart.js WebJar is not on the class path (" + POM_PROPERTIES + ")");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties.getProperty("version");
    }

    /** A text resource of the class path, UTF-8. */
    static String read(String resource) {
        try (InputStream in = ChartLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is not on the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
