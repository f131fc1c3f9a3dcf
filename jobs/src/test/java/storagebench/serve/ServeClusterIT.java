package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.count;
import static storagebench.serve.ServeFixture.quietly;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.cli.CommandOutput;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.dbms.PostgresEnv;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * Two {@code serve} processes on one PostgreSQL job repository (a database of the test's own on the
 * server {@code .ci/db-servers.sh} starts): Quartz's clustered store fires each trigger once, so every
 * due time of two schedules is one run, whichever process ran it. Skipped, saying so, without the
 * server.
 */
@Needs(Requirement.POSTGRES)
class ServeClusterIT {
    @TempDir Path tmp;

    @Test
    void twoServicesOnOneRepositoryFireEachTriggerOnce() throws Exception {
        String database =
                "sbcluster_" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        String server = PostgresEnv.url().substring(0, PostgresEnv.url().lastIndexOf('/') + 1);
        String password = System.getenv("STORAGEBENCH_PG_PASSWORD");
        ServeFixture.admin(server + "postgres", password, "CREATE DATABASE " + database);
        try {
            // given: two schedules every 4 s on targets of their own, two services on the
            // repository
            Path data = tmp.resolve("data");
            ServeFixture.experiment(tmp, "north", 1, "0.2");
            ServeFixture.experiment(tmp, "south", 1, "0.2");
            Files.writeString(
                    tmp.resolve("schedules.yaml"),
                    """
                    defaults:
                      overlap: skip
                    schedules:
                      - name: north
                        experiment: north.yaml
                        cron: "*/2 * * * * ?"
                      - name: south
                        experiment: south.yaml
                        cron: "1/2 * * * * ?"
                    """);
            Map<String, String> set = new LinkedHashMap<>();
            set.put("job-repository.url", server + database);
            set.put("job-repository.username", PostgresEnv.user());
            set.put("job-repository.password", password);
            Settings settings = ServeFixture.settings(data, set);
            String[] args = {
                "--schedules",
                tmp.resolve("schedules.yaml").toString(),
                "--data-dir",
                data.toString(),
                "--set",
                "job-repository.url=" + server + database,
                "--set",
                "job-repository.username=" + PostgresEnv.user(),
                "--set",
                "sink.idle-roll-seconds=2"
            };
            Map<String, String> env = Map.of("STORAGEBENCH_JOB_REPOSITORY_PASSWORD", password);
            try (ServeProcess a =
                            ServeProcess.start(
                                    ServeProcess.LOGS,
                                    "ServeClusterIT-a",
                                    env,
                                    host(args, "north-host", "role=primary,disk=nvme"));
                    ServeProcess b =
                            ServeProcess.start(
                                    ServeProcess.LOGS,
                                    "ServeClusterIT-b",
                                    env,
                                    host(args, "south-host", "role=replica"))) {
                // when: both run for a while
                long both = System.currentTimeMillis();
                await(
                        "16 firings while both services run",
                        Duration.ofSeconds(90),
                        quietly(
                                () ->
                                        count(
                                                        settings,
                                                        "FIRED_MS > "
                                                                + both
                                                                + " AND STATUS <> 'RUNNING'")
                                                >= 16),
                        a);
                // and each host is registered, alive, with its labels and its runs
                String[] hosts = {
                    "hosts",
                    "--data-dir",
                    data.toString(),
                    "--set",
                    "job-repository.url=" + server + database,
                    "--set",
                    "job-repository.username=" + PostgresEnv.user(),
                    "--set",
                    "job-repository.password=" + password
                };
                CommandOutput listed = CommandOutput.of(hosts);
                assertThat(listed.exitCode()).as(listed.err()).isZero();
                assertThat(listed.out())
                        .containsPattern("north-host +alive +\\d+ s ago +disk=nvme,role=primary")
                        .containsPattern("south-host +alive +\\d+ s ago +role=replica")
                        .doesNotContain(password);
                // a third service under a name a live one holds is refused before it starts
                CommandOutput taken =
                        CommandOutput.of(
                                concat(
                                        concat(
                                                new String[] {"serve", "--port", "0"},
                                                host(args, "north-host", "")),
                                        "--set",
                                        "job-repository.password=" + password));
                assertThat(taken.exitCode()).isEqualTo(Main.BAD_INPUT);
                assertThat(taken.err())
                        .contains("host.name north-host is taken by a running service")
                        .doesNotContain("\tat ");
                // when: both end
                assertThat(a.terminate(120)).isZero();
                assertThat(b.terminate(120)).isZero();
                // then: both hosts are gone (a host killed is stale: ServeFleetIT)
                assertThat(CommandOutput.of(hosts).out())
                        .containsPattern("north-host +gone")
                        .containsPattern("south-host +gone");
                // then: every due time fired once, by one of the two
                try (Connection c =
                                DriverManager.getConnection(
                                        server + database, PostgresEnv.user(), password);
                        Statement s = c.createStatement()) {
                    ResultSet rs =
                            s.executeQuery(
                                    "SELECT count(*) AS firings, count(DISTINCT FIRING_ID) AS distinct_firings,"
                                            + " count(DISTINCT NODE) AS nodes, max(ATTEMPTS) AS attempts,"
                                            + " count(DISTINCT RUN_ID) AS runs, count(RUN_ID) AS with_run"
                                            + " FROM SB_FIRINGS WHERE FIRED_MS > "
                                            + both);
                    rs.next();
                    assertThat(rs.getLong("firings")).isGreaterThanOrEqualTo(16);
                    assertThat(rs.getLong("distinct_firings")).isEqualTo(rs.getLong("firings"));
                    assertThat(rs.getLong("runs")).isEqualTo(rs.getLong("with_run"));
                    assertThat(rs.getInt("attempts")).isLessThanOrEqualTo(1);
                    System.err.printf(
                            "ServeClusterIT: %d firings by %d service(s), %d runs%n",
                            rs.getLong("firings"), rs.getLong("nodes"), rs.getLong("runs"));
                }
                // and in the topic: one run per due time
                assertThat(Main.execute("sink", "--until-idle", "--data-dir", data.toString()))
                        .isZero();
                try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                        Statement s = duckdb.createStatement();
                        ResultSet rs =
                                s.executeQuery(
                                        "SELECT max(n) FROM (SELECT schedule, scheduled_time, count(DISTINCT run_id) AS n"
                                                + " FROM read_parquet('"
                                                + data.resolve("parquet/runs")
                                                + "/**/*.parquet', union_by_name = true)"
                                                + " WHERE schedule IS NOT NULL GROUP BY ALL)")) {
                    rs.next();
                    assertThat(rs.getInt(1)).isEqualTo(1);
                }
            } finally {
                Main.execute("broker", "stop", "--data-dir", data.toString());
            }
        } finally {
            ServeFixture.admin(
                    server + "postgres",
                    password,
                    "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    /** The service's arguments with a host name and labels of its own. */
    private static String[] host(String[] args, String name, String labels) {
        return concat(args, "--set", "host.name=" + name, "--set", "host.labels=" + labels);
    }

    private static String[] concat(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }
}
