package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static storagebench.serve.ServeFixture.await;
import static storagebench.serve.ServeFixture.quietly;
import static storagebench.serve.ServeFixture.rows;

import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.broker.LocalCluster;
import storagebench.broker.NodeSite;
import storagebench.cli.CommandOutput;
import storagebench.cli.Main;
import storagebench.config.Settings;
import storagebench.dbms.PostgresEnv;
import storagebench.faults.NetworkNamespaces;
import storagebench.require.Needs;
import storagebench.require.Requirement;

/**
 * Three {@code serve} processes as three hosts (own {@code host.name}, labels and data directory) on
 * one PostgreSQL job repository, one Kafka cluster of three brokers and one dataset: a {@code hosts:
 * all} schedule runs once on each host at every firing, the host registered last from the firing after
 * it registered, a label selector on the labelled hosts only;
 * a host killed in its run is stale within three heartbeats and, started again, continues that run;
 * a pause holds the schedule on every host.
 *
 * <p>Each host runs in a network namespace of its own where namespaces can be made (on loopback
 * otherwise; CI promises them, and then their absence fails the test): it reaches the brokers and
 * PostgreSQL only over its veth link, at the root namespace's end of the first host's link, where
 * the brokers listen and a forwarder passes PostgreSQL's connections on to its loopback port.
 */
@Needs(Requirement.POSTGRES)
class ServeFleetIT {
    private static final int FIRINGS = 5;

    @TempDir Path tmp;

    @Test
    void eachFleetFiringRunsOnceOnEveryChosenHostAndAKilledHostContinuesItsRun() throws Exception {
        String database =
                "sbfleet_" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        String server = PostgresEnv.url().substring(0, PostgresEnv.url().lastIndexOf('/') + 1);
        String password = System.getenv("STORAGEBENCH_PG_PASSWORD");
        ServeFixture.admin(server + "postgres", password, "CREATE DATABASE " + database);
        Path data = tmp.resolve("test");
        Optional<String> noNamespaces = NetworkNamespaces.cannotMake();
        if (noNamespaces.isPresent() && Requirement.NETNS.promised()) {
            throw Requirement.NETNS.missing(noNamespaces.get());
        }
        try (NetworkNamespaces net = noNamespaces.isEmpty() ? NetworkNamespaces.forHosts(3) : null;
                TcpForwarder pg = net == null ? null : forwarder(net.rootHost(1));
                LocalCluster cluster =
                        LocalCluster.in(
                                        tmp.resolve("cluster"),
                                        Collections.nCopies(
                                                3,
                                                net == null
                                                        ? NodeSite.LOOPBACK
                                                        : new NodeSite(
                                                                net.rootHost(1),
                                                                net.rootHost(1),
                                                                List.of())))
                                .start()) {
            List<NodeSite> sites =
                    net == null ? Collections.nCopies(3, NodeSite.LOOPBACK) : net.sites();
            System.out.println(
                    net == null
                            ? "hosts on loopback: " + noNamespaces.get()
                            : "hosts in network namespaces at "
                                    + sites.stream().map(NodeSite::clientHost).toList()
                                    + ", brokers and PostgreSQL at "
                                    + net.rootHost(1));
            // given: a schedule on every host (3 trials of 0.3 s each), one on the replicas, and
            // three services as three hosts
            ServeFixture.experiment(tmp, "fleet", 3, "0.3");
            ServeFixture.experiment(tmp, "replicas", 1, "0.2");
            Files.writeString(
                    tmp.resolve("schedules.yaml"),
                    """
                    schedules:
                      - name: fleet
                        experiment: fleet.yaml
                        cron: "*/10 * * * * ?"
                        hosts: all
                        retry: 2
                        backoff: 1s
                      - name: replicas
                        experiment: replicas.yaml
                        cron: "5/10 * * * * ?"
                        hosts: {role: replica}
                    """);
            Map<String, String> repository = new LinkedHashMap<>();
            repository.put("job-repository.url", server + database);
            repository.put("job-repository.username", PostgresEnv.user());
            repository.put("job-repository.password", password);
            repository.put("dataset.url", tmp.resolve("dataset").toString());
            repository.put("kafka.bootstrap-servers", cluster.bootstrapServers());
            Settings settings = ServeFixture.settings(data, repository);
            List<String> shared =
                    List.of(
                            "--bootstrap-servers",
                            cluster.bootstrapServers(),
                            "--set",
                            "dataset.url=" + tmp.resolve("dataset"),
                            "--set",
                            "job-repository.username=" + PostgresEnv.user());
            List<String> common =
                    concat(
                            shared,
                            "--data-dir",
                            data.toString(),
                            "--set",
                            "job-repository.url=" + server + database);
            // what the hosts reach PostgreSQL at: through the forwarder from their namespaces
            String hostsServer =
                    pg == null
                            ? server
                            : "jdbc:postgresql://" + net.rootHost(1) + ":" + pg.port() + "/";
            List<String> args =
                    concat(
                            shared,
                            "--set",
                            "job-repository.url=" + hostsServer + database,
                            "--schedules",
                            tmp.resolve("schedules.yaml").toString(),
                            "--set",
                            "sink.idle-roll-seconds=2");
            Map<String, String> env = Map.of("STORAGEBENCH_JOB_REPOSITORY_PASSWORD", password);
            List<String> hosts = concat(common, "--set", "job-repository.password=" + password);
            String[] listing =
                    concat(List.of("hosts"), hosts.toArray(String[]::new)).toArray(String[]::new);
            try (ServeProcess alpha = start(env, args, sites.get(0), "alpha", "role=primary");
                    ServeProcess beta = start(env, args, sites.get(1), "beta", "role=replica")) {
                // given: a fleet firing on the two hosts registered at its time
                long two = awaitAlive(listing, alpha, "alpha", "beta");
                await(
                        "a fleet firing on alpha and beta",
                        Duration.ofSeconds(30),
                        quietly(() -> sharesAfter(settings, two).size() >= 2),
                        alpha);
                assertThat(sharesAfter(settings, two)).containsExactly("alpha", "beta");
                // when: gamma registers after it
                try (ServeProcess gamma = start(env, args, sites.get(2), "gamma", "role=replica")) {
                    long registered = awaitAlive(listing, alpha, "alpha", "beta", "gamma");
                    // then: gamma has a share of the next fleet firing (its shares are written one
                    // by one)
                    await(
                            "the fleet firing after gamma registered, on three hosts",
                            Duration.ofSeconds(30),
                            quietly(() -> sharesAfter(settings, registered).size() >= 3),
                            alpha);
                    assertThat(sharesAfter(settings, registered))
                            .containsExactly("alpha", "beta", "gamma");
                    // when: five fleet firings come while all three are up
                    await(
                            FIRINGS + " fleet firings completed on three hosts each",
                            Duration.ofSeconds(300),
                            quietly(
                                    () ->
                                            completeFleetFirings(settings, registered).size()
                                                    >= FIRINGS),
                            alpha);
                    // then: one run on each host per fleet firing, the replicas' schedule on two
                    List<Long> fleet =
                            completeFleetFirings(settings, registered).subList(0, FIRINGS);
                    assertThat(
                                    rows(
                                            settings,
                                            "SELECT DISTINCT HOST_NAME AS host FROM SB_FLEET WHERE"
                                                    + " SCHEDULE_NAME = 'replicas' AND SCHEDULED_MS > "
                                                    + registered))
                            .extracting(r -> r.get("host"))
                            .containsExactlyInAnyOrder("beta", "gamma");
                    // when: gamma is killed in the middle of its run of a fleet firing
                    Map<String, Object> running =
                            awaitRow(
                                    settings,
                                    "SELECT FIRING_ID AS firing, RUN_ID AS run FROM SB_FIRINGS WHERE"
                                            + " NODE = 'gamma' AND STATUS = 'RUNNING' AND RUN_ID IS NOT"
                                            + " NULL AND SCHEDULE_NAME = 'fleet'",
                                    alpha);
                    gamma.kill();
                    long killed = System.nanoTime();
                    // and the fleet schedule paused: no host fires it from now on
                    List<String> pause =
                            concat(
                                    List.of("schedule", "pause", "fleet"),
                                    concat(
                                                    hosts,
                                                    "--schedules",
                                                    tmp.resolve("schedules.yaml").toString())
                                            .toArray(String[]::new));
                    assertThat(CommandOutput.of(pause.toArray(String[]::new)).exitCode()).isZero();
                    long paused = System.currentTimeMillis();
                    // then: it is stale within three heartbeats, its firing lost
                    await(
                            "gamma stale",
                            Duration.ofSeconds(30),
                            quietly(
                                    () ->
                                            CommandOutput.of(listing)
                                                    .out()
                                                    .matches("(?s).*gamma +stale.*")),
                            alpha);
                    assertThat(Duration.ofNanos(System.nanoTime() - killed))
                            .isLessThan(Duration.ofSeconds(20));
                    await(
                            "gamma's firing marked lost",
                            Duration.ofSeconds(10),
                            quietly(() -> status(settings, running.get("firing")).equals("LOST")),
                            alpha);
                    // and started again, gamma continues that run
                    try (ServeProcess again =
                            start(env, args, sites.get(2), "gamma", "role=replica")) {
                        await(
                                "gamma's lost firing completed",
                                Duration.ofSeconds(150),
                                quietly(
                                        () ->
                                                status(settings, running.get("firing"))
                                                        .equals("COMPLETED")),
                                again);
                        // and while the schedule was paused, no host was given a share of it
                        assertThat(
                                        rows(
                                                settings,
                                                "SELECT FLEET_ID FROM SB_FLEET WHERE SCHEDULE_NAME ="
                                                        + " 'fleet' AND SCHEDULED_MS > "
                                                        + (paused + 1_000)))
                                .isEmpty();
                        assertThat(System.currentTimeMillis() - paused)
                                .as("the pause spanned a firing's due time")
                                .isGreaterThan(10_000);
                        assertThat(again.terminate(120)).isZero();
                    }
                    assertThat(alpha.terminate(120)).isZero();
                    assertThat(beta.terminate(120)).isZero();
                    // and in the dataset: each of the five fleet firings is three runs on three
                    // hosts,
                    // and the run gamma continued has each trial once
                    assertThat(
                                    Main.execute(
                                            concat(
                                                            List.of("sink", "--until-idle"),
                                                            common.toArray(String[]::new))
                                                    .toArray(String[]::new)))
                            .isZero();
                    try (Connection duckdb = DriverManager.getConnection("jdbc:duckdb:");
                            Statement s = duckdb.createStatement()) {
                        String runs =
                                "read_parquet('"
                                        + settings.parquetDir().resolve("runs")
                                        + "/**/*.parquet', union_by_name = true)";
                        for (long due : fleet) {
                            ResultSet rs =
                                    s.executeQuery(
                                            "SELECT count(*) AS n, count(DISTINCT run_id) AS runs,"
                                                    + " count(DISTINCT host) AS hosts FROM "
                                                    + runs
                                                    + " WHERE schedule = 'fleet' AND epoch_ms(scheduled_time) = "
                                                    + due);
                            rs.next();
                            assertThat(rs.getLong("runs"))
                                    .as("runs of the firing due %d", due)
                                    .isEqualTo(3);
                            assertThat(rs.getLong("hosts")).isEqualTo(3);
                        }
                        ResultSet rs =
                                s.executeQuery(
                                        "SELECT count(*) AS n, count(DISTINCT trial_index) AS distinct_trials"
                                                + " FROM read_parquet('"
                                                + settings.parquetDir().resolve("trials")
                                                + "/**/*.parquet', union_by_name = true) WHERE phase ="
                                                + " 'measured' AND run_id = '"
                                                + running.get("run")
                                                + "'");
                        rs.next();
                        assertThat(rs.getLong("n")).isEqualTo(3);
                        assertThat(rs.getLong("distinct_trials")).isEqualTo(3);
                    }
                }
            }
        } finally {
            ServeFixture.admin(
                    server + "postgres",
                    password,
                    "DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
        }
    }

    /**
     * Waits until {@code hosts listing} shows every one of {@code names} alive.
     *
     * @return when it did (ms)
     */
    private static long awaitAlive(String[] listing, ServeProcess serve, String... names)
            throws InterruptedException {
        StringBuilder pattern = new StringBuilder("(?s)");
        for (String name : names) {
            pattern.append(".*").append(name).append(" +alive");
        }
        await(
                String.join(", ", names) + " alive",
                Duration.ofSeconds(30),
                quietly(() -> CommandOutput.of(listing).out().matches(pattern + ".*")),
                serve);
        return System.currentTimeMillis();
    }

    /** The hosts given a share of the first fleet firing of the schedule fleet due after {@code since}. */
    private static List<String> sharesAfter(Settings settings, long since) throws Exception {
        return rows(
                        settings,
                        "SELECT HOST_NAME AS host FROM SB_FLEET WHERE SCHEDULE_NAME = 'fleet' AND"
                                + " SCHEDULED_MS = (SELECT min(SCHEDULED_MS) FROM SB_FLEET WHERE"
                                + " SCHEDULE_NAME = 'fleet' AND SCHEDULED_MS > "
                                + since
                                + ") ORDER BY HOST_NAME")
                .stream()
                .map(r -> String.valueOf(r.get("host")))
                .toList();
    }

    /** The due times (ms) of fleet firings after {@code since} whose three shares all completed. */
    private static List<Long> completeFleetFirings(Settings settings, long since) throws Exception {
        List<Long> due = new ArrayList<>();
        for (Map<String, Object> row :
                rows(
                        settings,
                        "SELECT f.SCHEDULED_MS AS due FROM SB_FLEET f JOIN SB_FIRINGS r ON r.FIRING_ID ="
                                + " f.FLEET_ID || '@host:' || f.HOST_NAME WHERE f.SCHEDULE_NAME = 'fleet'"
                                + " AND f.SCHEDULED_MS > "
                                + since
                                + " AND r.STATUS = 'COMPLETED' GROUP BY f.SCHEDULED_MS HAVING count(*) = 3"
                                + " ORDER BY f.SCHEDULED_MS")) {
            due.add(((Number) row.get("due")).longValue());
        }
        return due;
    }

    private static String status(Settings settings, Object firing) throws Exception {
        return String.valueOf(
                rows(
                                settings,
                                "SELECT STATUS AS s FROM SB_FIRINGS WHERE FIRING_ID = '"
                                        + firing
                                        + "'")
                        .get(0)
                        .get("s"));
    }

    private static Map<String, Object> awaitRow(Settings settings, String sql, ServeProcess serve)
            throws Exception {
        List<Map<String, Object>> found = new ArrayList<>();
        await(
                sql,
                Duration.ofSeconds(60),
                quietly(
                        () -> {
                            found.clear();
                            found.addAll(rows(settings, sql));
                            return !found.isEmpty();
                        }),
                serve);
        return found.get(0);
    }

    /** Host {@code host}'s service at {@code site}, on a data directory of its own. */
    private ServeProcess start(
            Map<String, String> env, List<String> args, NodeSite site, String host, String labels)
            throws Exception {
        return ServeProcess.start(
                ServeProcess.LOGS,
                "ServeFleetIT-" + host,
                site.wrapper(),
                env,
                concat(
                                args,
                                "--data-dir",
                                tmp.resolve("host-" + host).toString(),
                                "--set",
                                "host.name=" + host,
                                "--set",
                                "host.labels=" + labels)
                        .toArray(String[]::new));
    }

    /** PostgreSQL's loopback port, passed on from {@code host}. */
    private static TcpForwarder forwarder(String host) throws Exception {
        URI url = URI.create(PostgresEnv.url().substring("jdbc:".length()));
        return TcpForwarder.start(
                host,
                new InetSocketAddress(url.getHost(), url.getPort() < 0 ? 5432 : url.getPort()));
    }

    private static List<String> concat(List<String> first, String... more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all;
    }
}
