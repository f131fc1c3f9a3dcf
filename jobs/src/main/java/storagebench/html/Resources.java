package storagebench.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** The page's parts on the class path: its template, style and script, and the chart library. */
final class Resources {
    /** ECharts' minified build, taken out of the {@code org.webjars.npm:echarts} jar at build time (jobs/pom.xml). */
    static final String ECHARTS = "/html/echarts.min.js";

    private static final Map<String, String> SCRIPTS = new ConcurrentHashMap<>();

    private Resources() {}

    static String text(String name) {
        try (InputStream in = Resources.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A script to inline: a {@code </script} inside it would end the element early. Made once per
     * process: the chart library alone is a megabyte to inflate from its jar and search.
     */
    static String script(String name) {
        return SCRIPTS.computeIfAbsent(
                name, n -> text(n).replaceAll("(?i)</script", "<\\\\/script"));
    }
}
