package storagebench.dbms;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Named SQL statements from a resource file. Each statement follows a {@code -- name: NAME} line and
 * may hold {@code {placeholders}}, filled with SQL text the caller built from checked parts only (a
 * {@link Dialect#identifier quoted identifier}, a number); values are bound as parameters instead.
 */
public final class SqlScript {
    private static final Pattern NAME_LINE =
            Pattern.compile("(?m)^--\\s*name:\\s*([a-z0-9-]+)\\s*$");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z][a-z0-9-]*)}");
    private final String resource;
    private final Map<String, String> statements;

    private SqlScript(String resource, Map<String, String> statements) {
        this.resource = resource;
        this.statements = statements;
    }

    /**
     * {@code <folder>/<product>.sql} over {@code <folder>/generic.sql}: the product's file names the
     * statements that differ, the generic file the rest (either may be missing, not both).
     */
    static SqlScript load(String folder, String product) {
        SqlScript generic = read(folder + "/generic.sql");
        SqlScript own = read(folder + "/" + product + ".sql");
        if (own == null && generic == null) {
            throw new IllegalStateException(
                    "no SQL for "
                            + product
                            + " in "
                            + folder
                            + " ("
                            + product
                            + ".sql or generic.sql)");
        }
        if (generic == null) {
            return own;
        }
        if (own == null) {
            return generic;
        }
        Map<String, String> statements = new LinkedHashMap<>(generic.statements);
        statements.putAll(own.statements);
        return new SqlScript(own.resource + " over " + generic.resource, statements);
    }

    private static SqlScript read(String resource) {
        try (InputStream in = SqlScript.class.getClassLoader().getResourceAsStream(resource)) {
            return in == null
                    ? null
                    : parse(resource, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + resource + ": " + e.getMessage(), e);
        }
    }

    static SqlScript parse(String resource, String text) {
        Map<String, String> statements = new LinkedHashMap<>();
        Matcher m = NAME_LINE.matcher(text);
        String name = null;
        int from = 0;
        while (m.find()) {
            if (name != null) {
                statements.put(name, body(text.substring(from, m.start())));
            }
            name = m.group(1);
            from = m.end();
        }
        if (name != null) {
            statements.put(name, body(text.substring(from)));
        }
        return new SqlScript(resource, statements);
    }

    /** The statement's text: comment lines after it (those of the next statement) and its ';' left out. */
    private static String body(String text) {
        List<String> lines = new ArrayList<>(List.of(text.strip().split("\n", -1)));
        while (lines.size() > 1 && lines.get(lines.size() - 1).strip().startsWith("--")) {
            lines.remove(lines.size() - 1);
        }
        String sql = String.join("\n", lines).strip();
        return sql.endsWith(";") ? sql.substring(0, sql.length() - 1).strip() : sql;
    }

    public boolean has(String name) {
        return statements.containsKey(name);
    }

    /** The statements in file order, by name, placeholders unfilled. */
    public Map<String, String> statements() {
        return statements;
    }

    /** The statement with every placeholder filled; a missing statement or value is a programming error. */
    public String sql(String name, Map<String, String> values) {
        String sql = statements.get(name);
        if (sql == null) {
            throw new IllegalStateException(resource + " has no statement '" + name + "'");
        }
        Matcher m = PLACEHOLDER.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.get(m.group(1));
            if (value == null) {
                throw new IllegalStateException(
                        resource + ": statement '" + name + "' needs {" + m.group(1) + "}");
            }
            m.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        return m.appendTail(out).toString();
    }

    public String sql(String name) {
        return sql(name, Map.of());
    }
}
