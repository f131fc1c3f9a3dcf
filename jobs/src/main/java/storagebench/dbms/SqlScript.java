package storagebench.dbms;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Named SQL statements from a resource file. Each statement follows a {@code -- name: NAME} line and
 * may hold {@code {placeholders}}, filled with SQL text the caller built from checked parts only (a
 * {@link Dialect#identifier quoted identifier}, a number); values are bound as parameters instead. A
 * {@code -- type: NAME SQL} line names a type that products spell differently: {@code {NAME}} in every
 * statement is that SQL, so that a product's file changes the type, not a copy of each statement.
 */
public final class SqlScript {
    private static final Pattern NAME_LINE =
            Pattern.compile("(?m)^--\\s*name:\\s*([a-z0-9-]+)\\s*$");
    private static final Pattern TYPE_LINE =
            Pattern.compile("(?m)^--\\s*type:\\s*([a-z][a-z0-9-]*)\\s+(\\S.*?)\\s*$");
    private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z][a-z0-9-]*)}");
    private final String resource;
    private final Map<String, String> written;
    private final Map<String, String> types;
    private final Map<String, String> statements = new LinkedHashMap<>();

    private SqlScript(String resource, Map<String, String> written, Map<String, String> types) {
        this.resource = resource;
        this.written = written;
        this.types = types;
        written.forEach((name, sql) -> statements.put(name, fill(sql, types::get)));
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
        Map<String, String> statements = new LinkedHashMap<>(generic.written);
        statements.putAll(own.written);
        Map<String, String> types = new LinkedHashMap<>(generic.types);
        types.putAll(own.types);
        return new SqlScript(own.resource + " over " + generic.resource, statements, types);
    }

    /** {@code <folder>/<product>.sql} alone, if the product has it: for SQL that some products have none of. */
    static Optional<SqlScript> find(String folder, String product) {
        return Optional.ofNullable(read(folder + "/" + product + ".sql"));
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
        Map<String, String> types = new LinkedHashMap<>();
        Matcher t = TYPE_LINE.matcher(text);
        while (t.find()) {
            types.put(t.group(1), t.group(2));
        }
        return new SqlScript(resource, statements, types);
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

    /** The statements in file order, by name, types filled, other placeholders unfilled. */
    public Map<String, String> statements() {
        return statements;
    }

    /** The statement with every placeholder filled; a missing statement or value is a programming error. */
    public String sql(String name, Map<String, String> values) {
        String sql = statements.get(name);
        if (sql == null) {
            throw new IllegalStateException(resource + " has no statement '" + name + "'");
        }
        return fill(
                sql,
                placeholder -> {
                    String value = values.get(placeholder);
                    if (value == null) {
                        throw new IllegalStateException(
                                resource
                                        + ": statement '"
                                        + name
                                        + "' needs {"
                                        + placeholder
                                        + "}");
                    }
                    return value;
                });
    }

    /** The SQL with each placeholder the function has a value for filled, the others left as they are. */
    private static String fill(String sql, Function<String, String> values) {
        Matcher m = PLACEHOLDER.matcher(sql);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String value = values.apply(m.group(1));
            m.appendReplacement(out, Matcher.quoteReplacement(value == null ? m.group() : value));
        }
        return m.appendTail(out).toString();
    }

    public String sql(String name) {
        return sql(name, Map.of());
    }
}
