package storagebench.require;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;
import storagebench.browser.Chromium;
import storagebench.workload.process.Executables;

/**
 * Something a test needs from outside its JVM: each has the name {@code -Dstoragebench.require}
 * takes, a probe saying whether it is here, and how {@code .ci/run} provides it. A test declares
 * what it needs with {@link Needs}, or calls {@link #check()} or {@link #missing(String, Throwable)}
 * when it finds out only while running.
 *
 * <p>Missing, a test that needs it is skipped with the reason; but when the run names it in {@code
 * -Dstoragebench.require=postgres,firebird,…} (CI names all but sqlserver: see .ci/run) the test
 * fails, naming what is missing, why, and how .ci/run provides it. So a green CI has run every test
 * of what it names.
 */
public enum Requirement {
    POSTGRES(
            "postgres",
            () -> Probes.variables("STORAGEBENCH_PG_URL", "STORAGEBENCH_PG_PASSWORD"),
            ".ci/run starts Debian's PostgreSQL with .ci/db-servers.sh start postgres and exports"
                    + " the STORAGEBENCH_PG_* variables it prints (locally: eval \"$(.ci/db-servers.sh"
                    + " start postgres)\")"),
    FIREBIRD(
            "firebird",
            () -> Probes.variables("STORAGEBENCH_FB_URL", "STORAGEBENCH_FB_PASSWORD"),
            ".ci/run starts Debian's Firebird 3 with .ci/db-servers.sh start firebird and exports"
                    + " the STORAGEBENCH_FB_* variables it prints (locally: eval \"$(.ci/db-servers.sh"
                    + " start firebird)\")"),
    SQLSERVER(
            "sqlserver",
            () -> Probes.variables("STORAGEBENCH_SQLSERVER_URL", "STORAGEBENCH_SQLSERVER_PASSWORD"),
            ".ci/run does not (no CI machine runs SQL Server): start one with `docker compose -f"
                    + " docker/compose.yaml up -d --wait sqlserver` and set"
                    + " STORAGEBENCH_SQLSERVER_URL (e.g. jdbc:sqlserver://<its"
                    + " address>:1433;encrypt=true;trustServerCertificate=true),"
                    + " STORAGEBENCH_SQLSERVER_USER (sa), STORAGEBENCH_SQLSERVER_PASSWORD"
                    + " (STORAGEBENCH_DB_PASSWORD) and STORAGEBENCH_SQLSERVER_FILE_ROOT"
                    + " (/var/opt/mssql/data)"),
    BROWSER(
            "browser",
            () -> Probes.executables(Chromium.binary(), Chromium.driver()),
            ".ci/run installs Debian's chromium and chromium-driver (apt-get), which put"
                    + " /usr/bin/chromium and /usr/bin/chromedriver (elsewhere:"
                    + " -Dstoragebench.chromium=…, -Dstoragebench.chromedriver=…)"),
    CLUSTER(
            "cluster",
            Probes::present,
            "the test starts its own Kafka brokers from the Maven artifacts: .ci/run has nothing"
                    + " to install, the test reports why they did not start"),
    NETNS(
            "netns",
            Probes::networkNamespaces,
            ".ci/run runs as root and installs Debian's iproute2 when `ip` is missing; the test"
                    + " makes and deletes its own namespaces"),
    TMPFS(
            "tmpfs",
            Probes::tmpfs,
            ".ci/run runs as root, which may mount; the test mounts, fills and unmounts its own"
                    + " small tmpfs"),
    LOOP(
            "loop",
            Probes::loopDevice,
            ".ci/run runs as root, which may attach loop devices (util-linux's losetup and taskset,"
                    + " e2fsprogs' mkfs.ext4, in Debian's base system); the test makes, mounts and"
                    + " detaches its own small loop device"),
    HDFS(
            "hdfs",
            Probes::present,
            "the test starts its own MiniDFSCluster from Hadoop's Maven artifacts: .ci/run has"
                    + " nothing to install, the test reports why it did not start"),
    S3(
            "s3",
            Probes::present,
            "the test starts its own S3Proxy from its Maven artifact: .ci/run has nothing to"
                    + " install, the test reports why it did not start"),
    FIO(
            "fio",
            () -> Executables.problem("fio", null),
            ".ci/run installs Debian's fio (apt-get), which `bench workloads` finds on the PATH");

    /** The system property naming what a run promises: a comma list of labels, empty locally. */
    public static final String PROPERTY = "storagebench.require";

    private final String label;
    private final Supplier<Optional<String>> probe;
    private final String providedBy;

    Requirement(String label, Supplier<Optional<String>> probe, String providedBy) {
        this.label = label;
        this.probe = probe;
        this.providedBy = providedBy;
    }

    /** Its name in {@code -Dstoragebench.require}: postgres, firebird, sqlserver, browser, … */
    public String label() {
        return label;
    }

    /** One line: how .ci/run provides it (or, for sqlserver, how to provide it by hand). */
    public String providedBy() {
        return providedBy;
    }

    /** Why it is not here, or empty when it is; netns is probed once per JVM. */
    public Optional<String> whyMissing() {
        return probe.get();
    }

    /** Whether this run names it in {@code -Dstoragebench.require}, so that missing it fails. */
    public boolean promised() {
        return promisedByThisRun().contains(this);
    }

    /**
     * Returns when it is here; else ends the calling test as {@link Needs} would: skipped, or failed
     * when the run names it. For tests that learn only while running what they need, e.g. a
     * parameterised case per kind of database: {@code Requirement.POSTGRES.check()}.
     */
    public void check() {
        Optional<String> why = whyMissing();
        if (why.isPresent()) {
            throw missing(why.get(), null);
        }
    }

    /** {@link #missing(String, Throwable)} without a cause. */
    public RuntimeException missing(String why) {
        return missing(why, null);
    }

    /**
     * Ends the calling test because it is missing for a reason found while running, e.g. a cluster
     * the test starts that did not come up: {@code throw Requirement.HDFS.missing("MiniDFSCluster
     * did not start: " + e, e)}. Skipped, or failed when the run names it. Always throws; returns a
     * type only so that {@code throw} can end the caller's branch.
     *
     * @param cause what went wrong, kept as the cause; may be null
     */
    public RuntimeException missing(String why, Throwable cause) {
        if (promised()) {
            throw failure(why, cause);
        }
        throw new TestAbortedException(skipReason(why), cause);
    }

    String skipReason(String why) {
        return label
                + " is missing: "
                + why
                + ". Skipped, as -D"
                + PROPERTY
                + " does not name "
                + label
                + "; "
                + providedBy;
    }

    AssertionFailedError failure(String why, Throwable cause) {
        return new AssertionFailedError(
                label
                        + " is missing: "
                        + why
                        + ". This run promised it (-D"
                        + PROPERTY
                        + " names "
                        + label
                        + "), so the test fails; "
                        + providedBy,
                cause);
    }

    /** What {@code -Dstoragebench.require} names; an unknown name fails, listing the known ones. */
    static Set<Requirement> promisedByThisRun() {
        String named = System.getProperty(PROPERTY, "");
        Set<Requirement> promised = EnumSet.noneOf(Requirement.class);
        for (String name : named.split(",")) {
            if (!name.isBlank()) {
                promised.add(byLabel(name.strip().toLowerCase(Locale.ROOT), named));
            }
        }
        return promised;
    }

    private static Requirement byLabel(String label, String named) {
        for (Requirement requirement : values()) {
            if (requirement.label.equals(label)) {
                return requirement;
            }
        }
        throw new IllegalArgumentException(
                "-D%s=%s: no requirement '%s'; known: %s"
                        .formatted(
                                PROPERTY,
                                named,
                                label,
                                Arrays.stream(values())
                                        .map(Requirement::label)
                                        .collect(Collectors.joining(","))));
    }
}
