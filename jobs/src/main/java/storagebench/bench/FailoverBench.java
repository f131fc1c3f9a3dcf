package storagebench.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.utils.Utils;
import storagebench.bench.ClusterBenchReport.Kill;
import storagebench.broker.KafkaConnection;
import storagebench.broker.LocalCluster;
import storagebench.config.Settings;
import storagebench.runner.ExperimentRun;
import storagebench.runner.RunLauncher;
import storagebench.runner.RunObserver;
import storagebench.runner.RunProgress;
import storagebench.runner.RunStop;

/**
 * The failover stall a run sees: a run of short trials on the cluster; again and again, a moment into
 * a trial, the leader of the run's partition is killed (SIGKILL), and the time from the kill to the
 * trial under way being recorded is taken — it is told done once committed, which waits for a new
 * leader (and the next trial's measured phase waits for that). The broker is then started again and every replica let catch up before the
 * next kill.
 */
final class FailoverBench {
    private static final Duration IN_SYNC = Duration.ofSeconds(300);
    private static final Duration NEXT_TRIAL = Duration.ofSeconds(120);
    private static final int TRIAL_MS = 200;

    private final LocalCluster cluster;
    private final Random random;
    private final LinkedBlockingQueue<Long> recorded = new LinkedBlockingQueue<>();

    FailoverBench(LocalCluster cluster, long seed) {
        this.cluster = cluster;
        this.random = new Random(seed);
    }

    List<Kill> kills(Path dir, int kills) throws Exception {
        Settings settings =
                Settings.load(
                        null,
                        Map.of(),
                        Map.of(
                                "data-dir",
                                dir.resolve("data").toString(),
                                "kafka.bootstrap-servers",
                                cluster.bootstrapServers()));
        Path yaml =
                Files.writeString(
                        dir.resolve("failover.yaml"),
                        """
                        experiment: bench-failover
                        target: {kind: local, directory: %s}
                        workload: {type: command, command: "sleep %s"}
                        repetitions: 5000
                        warmups: 0
                        """
                                .formatted(dir.resolve("work"), TRIAL_MS / 1000.0));
        ExperimentRun run = ExperimentRun.prepare(settings, yaml, Map.of());
        RunStop stop = new RunStop();
        List<Kill> measured = new ArrayList<>();
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            Thread runner =
                    new Thread(
                            () ->
                                    new RunLauncher(settings, kafka)
                                            .launch(run, stop, null, observer()),
                            "bench-failover-run");
            runner.start();
            try {
                for (int i = 0; i < kills; i++) {
                    measured.add(killOnce(kafka, run.runId()));
                }
            } finally {
                stop.request("the end of the benchmark");
                runner.join(NEXT_TRIAL.toMillis());
            }
        }
        return measured;
    }

    private RunObserver observer() {
        return new RunObserver() {
            @Override
            public void trialRecorded(RunProgress progress) {
                recorded.add(System.nanoTime());
            }
        };
    }

    private Kill killOnce(KafkaConnection kafka, String runId) throws Exception {
        cluster.awaitInSync(IN_SYNC);
        int leader;
        boolean controller;
        try (Admin admin = kafka.admin()) {
            leader = leaderOf(admin, kafka.settings().topic(), runId);
            controller =
                    admin.describeMetadataQuorum().quorumInfo().get(10, TimeUnit.SECONDS).leaderId()
                            == leader;
        }
        recorded.clear();
        nextRecorded(Long.MIN_VALUE);
        Thread.sleep(20 + random.nextInt(TRIAL_MS - 60));
        long killed = System.nanoTime();
        cluster.kill(leader);
        long next = nextRecorded(killed);
        cluster.start(leader);
        return new Kill(leader, controller, next - killed);
    }

    /** The first trial recorded after {@code after} (nanoTime). */
    private long nextRecorded(long after) throws InterruptedException {
        long deadline = System.nanoTime() + NEXT_TRIAL.toNanos();
        while (System.nanoTime() < deadline) {
            Long start = recorded.poll(1, TimeUnit.SECONDS);
            if (start != null && start > after) {
                return start;
            }
        }
        throw new IllegalStateException(
                "the run recorded no trial within " + NEXT_TRIAL.toSeconds() + " s");
    }

    private static int leaderOf(Admin admin, String topic, String runId) throws Exception {
        TopicDescription description =
                admin.describeTopics(List.of(topic))
                        .allTopicNames()
                        .get(10, TimeUnit.SECONDS)
                        .get(topic);
        // the producer's partition for a key (its default partitioner)
        int partition =
                Utils.toPositive(Utils.murmur2(runId.getBytes(StandardCharsets.UTF_8)))
                        % description.partitions().size();
        return description.partitions().stream()
                .filter(p -> p.partition() == partition)
                .findFirst()
                .orElseThrow()
                .leader()
                .id();
    }
}
