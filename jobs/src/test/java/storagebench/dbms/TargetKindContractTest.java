package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.yaml.snakeyaml.Yaml;
import storagebench.config.ConfigNode;

/**
 * What every kind of target promises, checked for each registered kind: a database kind added to
 * {@link TargetKind} without a sample here fails {@link #everyDatabaseKindHasASampleHere()}. The live half
 * (probe, IO sampler) is {@code TargetKindContractIT}.
 */
class TargetKindContractTest {
    private static final String SECRET = "s3cret-pw";
    private static final String INLINE = "inline-secret";

    /** Per database kind: its target keys without a password, and a URL that carries one inline. */
    private static final Map<TargetKind, String[]> SAMPLES = new EnumMap<>(TargetKind.class);

    static {
        SAMPLES.put(
                TargetKind.H2,
                new String[] {
                    "url: \"jdbc:h2:file:/tmp/sb-contract/base\"",
                    "jdbc:h2:file:/tmp/sb-contract/base;PASSWORD=" + INLINE
                });
        SAMPLES.put(
                TargetKind.POSTGRES,
                new String[] {
                    "url: \"jdbc:postgresql://127.0.0.1:5432/bench\"\nuser: bob",
                    "jdbc:postgresql://127.0.0.1:5432/bench?user=bob&password=" + INLINE
                });
        SAMPLES.put(
                TargetKind.FIREBIRD,
                new String[] {
                    "url: \"jdbc:firebird://127.0.0.1:3050//tmp/b.fdb\"\nuser: SYSDBA",
                    "jdbc:firebird://127.0.0.1:3050//tmp/b.fdb?password=" + INLINE
                });
        SAMPLES.put(
                TargetKind.SQLSERVER,
                new String[] {
                    "url: \"jdbc:sqlserver://db1:1433;databaseName=bench\"\nuser: sa\nfile-root: /var/opt/mssql/data",
                    "jdbc:sqlserver://db1:1433;databaseName=bench;password=" + INLINE
                });
    }

    @TempDir Path tmp;

    private Target read(TargetKind kind, String keys) throws Exception {
        Path password = Files.writeString(tmp.resolve("pw"), SECRET);
        String yaml =
                "kind: " + kind.yamlName() + "\n" + keys + "\npassword-file: " + password + "\n";
        ConfigNode node =
                new ConfigNode("t.yaml", "target", new Yaml().compose(new StringReader(yaml)));
        return kind.read(node, tmp.resolve("data"));
    }

    /** The kind's sample, or a failure saying that it has none. */
    private static String[] sample(TargetKind kind) {
        assertThat(SAMPLES).as("a sample for %s in SAMPLES", kind.yamlName()).containsKey(kind);
        return SAMPLES.get(kind);
    }

    @Test
    void everyDatabaseKindHasASampleHere() {
        for (TargetKind kind : TargetKind.values()) {
            assertThat(kind.isDatabase() == SAMPLES.containsKey(kind))
                    .as("a sample for %s", kind.yamlName())
                    .isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(TargetKind.class)
    void theKindIsFoundByItsYamlNameAndReadsItsOwnKeys(TargetKind kind) throws Exception {
        assertThat(TargetKind.of(" " + kind.yamlName() + " ")).isSameAs(kind);
        String keys = kind.isDatabase() ? sample(kind)[0] : "directory: " + tmp.resolve("work");
        Target target =
                kind.isDatabase()
                        ? read(kind, keys)
                        : kind.read(
                                new ConfigNode(
                                        "t.yaml",
                                        "target",
                                        new Yaml()
                                                .compose(new StringReader("kind: local\n" + keys))),
                                tmp);
        assertThat(target.kind()).isSameAs(kind);
        if (target instanceof DatabaseTarget db) {
            assertThat(db.dialect()).isSameAs(kind.dialect());
        } else {
            assertThatThrownBy(kind::database).isInstanceOf(IllegalStateException.class);
        }
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void theToolEnvironmentHoldsThePasswordOnlyUnderThePasswordVariable(TargetKind kind)
            throws Exception {
        // given
        DatabaseTarget target = (DatabaseTarget) read(kind, sample(kind)[0]);
        // when
        Map<String, String> env = ToolEnvironment.of(target);
        // then: never in a value a program could echo into a log or a command line
        assertThat(env).containsEntry("STORAGEBENCH_TARGET_KIND", kind.yamlName());
        env.forEach(
                (key, value) -> {
                    if (value.contains(SECRET)) {
                        assertThat(key).as("variable holding the password").endsWith("PASSWORD");
                    }
                });
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void aPasswordInTheUrlIsNeverShownAndNeverLeavesForAProgram(TargetKind kind) throws Exception {
        // given: a URL that carries a password itself
        DatabaseTarget target =
                new DatabaseTarget(
                        kind,
                        kind.dialect(),
                        sample(kind)[1],
                        "bob",
                        new PasswordSource(null, Files.writeString(tmp.resolve("pw2"), SECRET)),
                        Duration.ofSeconds(3),
                        null,
                        null);
        // then
        assertThat(target.location()).doesNotContain(INLINE);
        assertThat(ToolEnvironment.of(target))
                .allSatisfy(
                        (key, value) -> {
                            if (value.contains(INLINE)) {
                                assertThat(key)
                                        .as("variable holding the URL's password")
                                        .endsWith("PASSWORD");
                            }
                        });
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void theDialectRefusesHostileNamesAndBoundsConnectingWithoutAPassword(TargetKind kind) {
        SqlDialect dialect = kind.dialect();
        for (String name : HostileNames.ALL) {
            assertThatThrownBy(() -> dialect.identifier(name))
                    .as("%s on %s", name, kind.yamlName())
                    .isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(dialect.identifier("sb_x")).contains("sb_x").hasSize(6);
        assertThat(dialect.connectProperties(Duration.ofSeconds(2)).stringPropertyNames())
                .noneMatch(key -> key.toLowerCase(Locale.ROOT).contains("password"));
    }

    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void theKindHasItsProbeAndIoCounterSql(TargetKind kind) {
        // given
        Map<String, String> probe = kind.dialect().script("targets/probe").statements();
        String counters = kind.database().ioCounters();
        // then: the probe reads and changes nothing; the counters take one parameter, the relations
        assertThat(probe).as("targets/probe/%s.sql", kind.dialect().product()).isNotEmpty();
        probe.forEach(
                (name, sql) ->
                        assertThat(withoutComments(sql))
                                .as("probe %s on %s", name, kind.yamlName())
                                .matches("(?s)(SELECT|WITH)\\b.*")
                                .doesNotContain(";"));
        assertThat(withoutComments(counters))
                .as("samplers/io/%s.sql", kind.dialect().product())
                .matches("(?s)(SELECT|WITH)\\b.*")
                .doesNotContain(";");
        assertThat(counters.chars().filter(c -> c == '?').count()).isEqualTo(1);
    }

    @Test
    void theH2ProbeAndIoCountersRunOnH2() throws SQLException {
        // given
        try (Connection c = DriverManager.getConnection("jdbc:h2:file:" + tmp.resolve("probe"))) {
            // when
            Map<String, String> probed =
                    TargetProbe.settings(TargetKind.H2.dialect().script("targets/probe"), c);
            // then: every statement ran and gave (name, value) rows
            assertThat(probed.keySet()).noneMatch(key -> key.endsWith("_error"));
            assertThat(probed)
                    .containsEntry("storage_engine", "MVStore")
                    .containsKeys("info.VERSION", "info.PAGE_SIZE", "MODE");
            try (PreparedStatement counters =
                    c.prepareStatement(TargetKind.H2.database().ioCounters())) {
                counters.setString(1, ".*");
                try (ResultSet rs = counters.executeQuery()) {
                    // then: one row in the sampler's eight columns
                    assertThat(rs.getMetaData().getColumnCount()).isEqualTo(8);
                    assertThat(rs.next()).isTrue();
                    assertThat(rs.getString(1)).isEqualTo("database");
                    for (int column = 2; column <= 5; column++) {
                        assertThat(rs.getLong(column)).as("column %d", column).isNotNegative();
                    }
                    assertThat(rs.next()).isFalse();
                }
            }
        }
    }

    private static String withoutComments(String sql) {
        return sql.lines()
                .filter(line -> !line.strip().startsWith("--"))
                .collect(Collectors.joining("\n"))
                .strip()
                .toUpperCase(Locale.ROOT);
    }
}
