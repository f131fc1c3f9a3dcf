package storagebench.probe.waits;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetKind;
import storagebench.events.WaitSample;

/**
 * SQL Server's waits without a server: the T-SQL the sampler sends ({@code golden/sqlserver/waits.sql})
 * and the rows it makes of golden result rows ({@code waits-rows.csv} → {@code waits-rows.golden}). After
 * a deliberate change, regenerate and review the diff:
 *
 * <pre>
 * mvn -o -q -B -pl jobs test -Dtest=SqlServerWaitsGoldenTest -Dgolden.update=true
 * </pre>
 */
class SqlServerWaitsGoldenTest {
    private static final boolean UPDATE = Boolean.getBoolean("golden.update");
    private static final Path DIR =
            Path.of(System.getProperty("basedir", "."), "src/test/resources/golden/sqlserver");

    private static void assertGolden(String name, String actual) throws Exception {
        Path file = DIR.resolve(name);
        if (UPDATE) {
            Files.writeString(file, actual, StandardCharsets.UTF_8);
        }
        assertThat(file).as("golden file %s (regenerate with -Dgolden.update=true)", file).exists();
        assertThat(actual).as(name).isEqualTo(Files.readString(file, StandardCharsets.UTF_8));
    }

    @Test
    void theSamplerSendsTheGoldenTsql() throws Exception {
        // given
        SqlScript script = TargetKind.SQLSERVER.database().waitStatistics().orElseThrow();
        // when
        String sent =
                script.statements().entrySet().stream()
                        .map(e -> "-- statement: " + e.getKey() + "\n" + e.getValue() + "\nGO\n")
                        .collect(Collectors.joining());
        // then: no sessions to poll (the DMVs are cumulative), waits and counters read as deltas
        assertThat(script.has("sessions")).isFalse();
        assertThat(script.statements().keySet()).containsExactly("waits", "counters");
        assertGolden("waits.sql", sent);
    }

    @Test
    void goldenRowsGiveTheGoldenDeltas() throws Exception {
        // given: the two readings of the fixture
        Map<Integer, Map<WaitKey, Reading.Waited>> waits = new LinkedHashMap<>();
        Map<Integer, Map<WaitKey, Double>> counters = new LinkedHashMap<>();
        for (String line : Files.readAllLines(DIR.resolve("waits-rows.csv"))) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.split(",");
            int reading = Integer.parseInt(f[0]);
            WaitKey key = new WaitKey(f[2], f[3]);
            if (f[1].equals("waits")) {
                waits.computeIfAbsent(reading, r -> new LinkedHashMap<>())
                        .put(
                                key,
                                new Reading.Waited(
                                        Long.parseLong(f[4]),
                                        Double.parseDouble(f[5]),
                                        Double.parseDouble(f[6])));
            } else {
                counters.computeIfAbsent(reading, r -> new LinkedHashMap<>())
                        .put(key, Double.parseDouble(f[4]));
            }
        }
        Instant start = Instant.parse("2026-12-01T10:00:00Z");
        Reading before = new Reading(start, 0, waits.get(1), counters.get(1));
        Reading after =
                new Reading(start.plusSeconds(60), 60_000_000_000L, waits.get(2), counters.get(2));
        // when
        List<WaitSample.Builder> rows = WaitFigures.deltas(before, after);
        // then: the exclusive lock waits lead (85,000 of 176,220 ms), unmoved waits and counters
        // have
        // no row
        String text =
                rows.stream()
                        .map(
                                r ->
                                        String.join(
                                                " | ",
                                                r.getKind(),
                                                r.getWaitType(),
                                                r.getName(),
                                                String.valueOf(r.getSamples()),
                                                r.getShare() == null
                                                        ? "null"
                                                        : String.format(
                                                                Locale.ROOT, "%.4f", r.getShare()),
                                                String.valueOf(r.getWaitMs()),
                                                String.valueOf(r.getValue())))
                        .collect(Collectors.joining("\n", "", "\n"));
        assertGolden("waits-rows.golden", text);
        assertThat(
                        rows.stream()
                                .filter(r -> r.getKind().equals(WaitFigures.WAIT))
                                .max(java.util.Comparator.comparing(WaitSample.Builder::getShare))
                                .orElseThrow()
                                .getName())
                .isEqualTo("LCK_M_X");
        assertThat(rows.stream().map(WaitSample.Builder::getName))
                .doesNotContain("LCK_M_S", "ASYNC_NETWORK_IO", "tempdb/tempdev.num_of_reads");
        double shares =
                rows.stream()
                        .filter(r -> r.getKind().equals(WaitFigures.WAIT))
                        .mapToDouble(WaitSample.Builder::getShare)
                        .sum();
        assertThat(shares).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    }
}
