package storagebench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/code-map.md against the code: its table of layers is the one the architecture test enforces,
 * every package is on it, and every file and class it names exists, so a move or a rename that
 * leaves the map behind fails the build.
 */
class CodeMapTest {
    private static final Path PROJECT = Path.of("..").toAbsolutePath().normalize();
    private static final Path MAP = PROJECT.resolve("docs/code-map.md");
    private static final Path MAIN = PROJECT.resolve("jobs/src/main/java/storagebench");

    /** Where a path the map names may start: the project, the packages, the resources, the tests. */
    private static final List<Path> ROOTS =
            List.of(
                    PROJECT,
                    PROJECT.resolve("jobs/src/main"),
                    MAIN,
                    PROJECT.resolve("jobs/src/main/resources"),
                    PROJECT.resolve("jobs/src/test/java/storagebench"),
                    PROJECT.resolve("schemas/src/main/java/storagebench"));

    /** Classes the map names that are not the project's. */
    private static final Set<String> NOT_OURS =
            Set.of("ServiceLoader", "DefaultBatchConfiguration", "ResourcelessJobRepository");

    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern CLASS = Pattern.compile("[A-Z][a-z][A-Za-z0-9]*");

    @Test
    void theTableOfLayersIsTheOneTheArchitectureTestEnforces() throws IOException {
        assertThat(tableOfLayers()).isEqualTo(Layers.packages());
    }

    @Test
    void everyPackageIsOnTheMap() throws IOException {
        Set<String> mapped = new TreeSet<>();
        tableOfLayers().forEach(mapped::addAll);
        try (Stream<Path> dirs = Files.list(MAIN)) {
            assertThat(
                            dirs.filter(Files::isDirectory)
                                    .map(d -> d.getFileName().toString())
                                    .toList())
                    .allSatisfy(p -> assertThat(mapped).as("docs/code-map.md's table").contains(p));
        }
    }

    @Test
    void everyFileTheMapNamesExists() throws IOException {
        Set<String> resources = new TreeSet<>();
        try (Stream<Path> files = Files.walk(PROJECT.resolve("jobs/src/main/resources"))) {
            files.map(f -> f.getFileName().toString()).forEach(resources::add);
        }
        List<String> missing = new ArrayList<>();
        for (String code : codes()) {
            if (isPath(code) && !exists(code) && !resources.contains(code)) {
                missing.add(code);
            }
        }
        assertThat(missing).as("files docs/code-map.md names that are not there").isEmpty();
    }

    @Test
    void everyClassTheMapNamesExists() throws IOException {
        Set<String> sources = new TreeSet<>();
        for (Path root : List.of(PROJECT.resolve("jobs/src"), PROJECT.resolve("schemas/src"))) {
            try (Stream<Path> files = Files.walk(root)) {
                files.map(f -> f.getFileName().toString())
                        .filter(n -> n.endsWith(".java"))
                        .map(n -> n.substring(0, n.length() - ".java".length()))
                        .forEach(sources::add);
            }
        }
        List<String> missing = new ArrayList<>();
        for (String code : codes()) {
            String name = code.contains("/") ? null : code.split("[.(]")[0];
            if (name != null
                    && CLASS.matcher(name).matches()
                    && !NOT_OURS.contains(name)
                    && !sources.contains(name)) {
                missing.add(code);
            }
        }
        assertThat(missing).as("classes docs/code-map.md names that are not there").isEmpty();
    }

    /**
     * Whether a path the map names is there: a file or folder, or a class named by its path under
     * the packages ({@code report/Tables}, {@code storage/Stores.open}).
     */
    private static boolean exists(String code) {
        String source = code.replaceFirst("\\.[a-zA-Z_]+$", "") + ".java";
        return ROOTS.stream()
                .anyMatch(r -> Files.exists(r.resolve(code)) || Files.exists(r.resolve(source)));
    }

    /** A file or folder the map names, without a placeholder such as {@code <kind>}. */
    private static boolean isPath(String code) {
        return code.matches("[A-Za-z0-9_./-]+")
                && (code.contains("/") || code.matches(".+\\.(java|sql|md|avsc|txt)"))
                && !code.startsWith("-");
    }

    /** The packages column of the table, row by row, the root as "". */
    private static List<List<String>> tableOfLayers() throws IOException {
        List<List<String>> layers = new ArrayList<>();
        boolean inTable = false;
        for (String line : Files.readAllLines(MAP)) {
            if (line.contains("| layer, bottom up |")) {
                inTable = true;
                continue;
            }
            if (inTable && !line.startsWith("|")) {
                break;
            }
            String[] cells = line.split("\\|");
            if (!inTable || line.startsWith("|---") || cells.length < 4) {
                continue;
            }
            List<String> packages = new ArrayList<>();
            Matcher m = CODE.matcher(cells[2]);
            while (m.find()) {
                String name = m.group(1);
                if (name.equals("storagebench")) {
                    packages.add("");
                } else if (!name.contains("/")) {
                    packages.add(name);
                }
            }
            layers.add(packages);
        }
        return layers;
    }

    private static List<String> codes() throws IOException {
        List<String> codes = new ArrayList<>();
        Matcher m = CODE.matcher(Files.readString(MAP));
        while (m.find()) {
            codes.add(m.group(1));
        }
        return codes;
    }
}
