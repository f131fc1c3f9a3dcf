package storagebench.workload.dbfiles;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Golden files of the T-SQL a SQL Server trial runs, under {@code src/test/resources/golden/sqlserver/}:
 * {@link TsqlPlan#render()} of the plan, with long runs of statements or lines that differ only in their
 * numbers (file 4 … file 497 of 500) shortened to the first three, a count, and the last two; the tests
 * check the full plan's counts themselves. After a deliberate change, regenerate and review the diff:
 *
 * <pre>
 * mvn -o -q -B -pl jobs test -Dtest='SqlServer*GoldenTest' -Dgolden.update=true
 * git diff jobs/src/test/resources/golden/
 * </pre>
 */
public final class Golden {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");
    private static final Path DIR =
            Path.of(System.getProperty("basedir", "."), "src/test/resources/golden/sqlserver");
    private static final int KEEP_HEAD = 3;
    private static final int KEEP_TAIL = 2;

    private Golden() {}

    /** Compares the plan, shortened, with {@code <name>.sql}; writes it instead with -Dgolden.update=true. */
    public static void assertMatches(String name, TsqlPlan plan) throws IOException {
        String actual = shorten(plan.render());
        Path file = DIR.resolve(name + ".sql");
        if (UPDATE) {
            Files.createDirectories(DIR);
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file %s (regenerate with -Dgolden.update=true)", file).exists();
        assertThat(actual)
                .as("T-SQL of %s against %s", name, file)
                .isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }

    /** Runs of more than six statements (then lines) alike but for their numbers, shortened. */
    static String shorten(String rendered) {
        List<String> statements = List.of(rendered.split("(?<=\nGO\n)"));
        List<String> out = new ArrayList<>();
        for (String statement :
                collapse(statements, "-- … %d more statements like these …\nGO\n")) {
            out.add(
                    String.join(
                            "\n",
                            collapse(
                                    List.of(statement.split("\n", -1)),
                                    "    -- … %d more lines like these …")));
        }
        return String.join("", out);
    }

    private static List<String> collapse(List<String> items, String marker) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < items.size()) {
            int j = i;
            while (j < items.size() && shape(items.get(j)).equals(shape(items.get(i)))) {
                j++;
            }
            int run = j - i;
            if (run > KEEP_HEAD + KEEP_TAIL + 1) {
                out.addAll(items.subList(i, i + KEEP_HEAD));
                out.add(String.format(marker, run - KEEP_HEAD - KEEP_TAIL));
                out.addAll(items.subList(j - KEEP_TAIL, j));
            } else {
                out.addAll(items.subList(i, j));
            }
            i = j;
        }
        return out;
    }

    private static String shape(String text) {
        return text.replaceAll("[0-9]+", "#");
    }
}
