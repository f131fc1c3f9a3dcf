package storagebench.sink;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import storagebench.broker.KafkaConnection;
import storagebench.events.EventCodec;
import storagebench.events.EventType;
import storagebench.events.HostSample;
import storagebench.events.HostSnapshot;
import storagebench.events.IoSample;
import storagebench.events.Outcome;
import storagebench.events.Regression;
import storagebench.events.RunFinished;
import storagebench.events.RunStarted;
import storagebench.events.RunStatus;
import storagebench.events.TargetSnapshot;
import storagebench.events.ThroughputSample;
import storagebench.events.TrialTimed;
import storagebench.events.WaitSample;
import storagebench.storage.LocalStore;

/** Events as the runner would publish them, and a publisher that uses a transaction per run like it. */
public final class TestEvents {
    private static final EventCodec CODEC = new EventCodec();

    private TestEvents() {}

    public static RunStarted runStarted(String runId, String experiment, Instant time) {
        HostSnapshot host =
                HostSnapshot.newBuilder()
                        .setHostname("h1")
                        .setOsName("Linux")
                        .setOsVersion("6.1")
                        .setArch("amd64")
                        .setCpuCores(2)
                        .setMemoryBytes(1L << 34)
                        .setDataDir("/data")
                        .setJvm("17")
                        .build();
        TargetSnapshot target =
                TargetSnapshot.newBuilder()
                        .setKind("local")
                        .setProduct("filesystem")
                        .setLocation("/data")
                        .setProperties(Map.of("fs", "ext4"))
                        .build();
        return RunStarted.newBuilder()
                .setEventId(runId + "/started")
                .setRunId(runId)
                .setExperiment(experiment)
                .setConfigText("name: " + experiment)
                .setConfigSha256("00")
                .setHost(host)
                .setTarget(target)
                .setToolVersion("dev")
                .setPlannedTrials(3)
                .setStartTime(time)
                .build();
    }

    public static HostSample hostSample(
            String runId, String experiment, int index, Instant intervalStart) {
        return HostSample.newBuilder()
                .setEventId(runId + "/" + index + "/host/0/cpu/all")
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId(runId + "/" + index)
                .setTrialIndex(index)
                .setVariant("ifi=on")
                .setFactors(new HashMap<>(Map.of("ifi", "on")))
                .setWarmup(false)
                .setStep("run")
                .setPhase("measured")
                .setIntervalStart(intervalStart)
                .setIntervalMs(1000.0)
                .setSource("cpu")
                .setName("all")
                .setMetrics(new HashMap<>(Map.of("user", 0.25, "system", 0.05, "idle", 0.7)))
                .build();
    }

    public static WaitSample waitSample(
            String runId, String experiment, int index, Instant intervalStart) {
        return WaitSample.newBuilder()
                .setEventId(runId + "/" + index + "/waits/measured/wait/Lock/transactionid")
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId(runId + "/" + index)
                .setTrialIndex(index)
                .setVariant("ifi=on")
                .setFactors(new HashMap<>(Map.of("ifi", "on")))
                .setWarmup(false)
                .setStep("run")
                .setPhase("measured")
                .setIntervalStart(intervalStart)
                .setIntervalMs(1500.0)
                .setProduct("postgresql")
                .setKind("wait")
                .setWaitType("Lock")
                .setName("transactionid")
                .setSamples(14L)
                .setShare(0.875)
                .setWaitMs(1400.0)
                .build();
    }

    public static TrialTimed trial(String runId, String experiment, int index, Instant start) {
        Map<String, String> factors =
                new HashMap<>(
                        Map.of("ifi", index % 2 == 0 ? "on" : "off", "files", "8", "size", "8MB"));
        return TrialTimed.newBuilder()
                .setEventId(runId + "/" + index + "/measure")
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId(runId + "/" + index)
                .setTrialIndex(index)
                .setVariant("ifi=" + factors.get("ifi"))
                .setFactors(factors)
                .setRepetition(1)
                .setWarmup(false)
                .setStep("measure")
                .setStartTime(start)
                .setEndTime(start.plusMillis(5))
                .setDurationNs(5_000_000)
                .setOutcome(Outcome.OK)
                .setMetrics(new HashMap<>(Map.of("iops", 500.0)))
                .build();
    }

    public static RunFinished runFinished(
            String runId, String experiment, int trials, Instant end) {
        return RunFinished.newBuilder()
                .setEventId(runId + "/finished")
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setStatus(RunStatus.COMPLETED)
                .setTrials(trials)
                .setFailures(0)
                .setEndTime(end)
                .build();
    }

    public static IoSample ioSample(
            String runId, String experiment, int index, Instant intervalStart) {
        return IoSample.newBuilder()
                .setEventId(runId + "/" + index + "/measure/io/data.db@" + intervalStart)
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId(runId + "/" + index)
                .setTrialIndex(index)
                .setVariant("ifi=on")
                .setFactors(new HashMap<>(Map.of("ifi", "on")))
                .setWarmup(false)
                .setStep("measure")
                .setFile("data.db")
                .setIntervalStart(intervalStart)
                .setIntervalMs(1000)
                .setReads(10)
                .setWrites(20)
                .setBytesRead(81_920)
                .setBytesWritten(163_840)
                .setIops(30)
                .setMbPerS(0.23)
                .build();
    }

    public static ThroughputSample throughputSample(
            String runId, String experiment, int index, Instant intervalStart) {
        return ThroughputSample.newBuilder()
                .setEventId(runId + "/" + index + "/run/throughput/" + intervalStart)
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setTrialId(runId + "/" + index)
                .setTrialIndex(index)
                .setVariant("virtual-users=4")
                .setFactors(new HashMap<>(Map.of("virtual-users", "4")))
                .setWarmup(false)
                .setStep("run")
                .setIntervalStart(intervalStart)
                .setIntervalMs(1000)
                .setVirtualUsers(4)
                .setTransactions(120)
                .setNewOrders(54)
                .setRollbacks(1)
                .setRetries(2)
                .setErrors(0)
                .setTpm(7200)
                .setNopm(3240)
                .setLatencyP50Ms(12.5)
                .setLatencyP95Ms(40.0)
                .setLatencyP99Ms(61.0)
                .setLatencyMaxMs(80.0)
                .setByType(new HashMap<>(Map.of("new-order", 55L, "payment", 52L)))
                .build();
    }

    public static Regression regression(String runId, String experiment, Instant detected) {
        return Regression.newBuilder()
                .setEventId(runId + "/regression/h1/measure/ifi=on/duration")
                .setRunId(runId)
                .setExperiment(experiment)
                .setHost("h1")
                .setStep("measure")
                .setVariant("ifi=on")
                .setMetric("duration")
                .setHigherIsBetter(false)
                .setWindowRuns(new ArrayList<>(List.of(runId + "-before")))
                .setLatestMean(1.2)
                .setWindowMean(1.0)
                .setChange(0.2)
                .setTest("Welch's t-test")
                .setPValue(0.01)
                .setVerdict("slower")
                .setDetectedTime(detected)
                .build();
    }

    /**
     * An event of {@code type} of the run, partitioned by {@code time}; a trial's or a sample's trial is
     * the {@code index}th.
     */
    public static SpecificRecord of(
            EventType type, String runId, String experiment, int index, Instant time) {
        return switch (type) {
            case RUN_STARTED -> runStarted(runId, experiment, time);
            case TRIAL_TIMED -> trial(runId, experiment, index, time);
            case RUN_FINISHED -> runFinished(runId, experiment, 1, time);
            case IO_SAMPLE -> ioSample(runId, experiment, index, time);
            case REGRESSION -> regression(runId, experiment, time);
            case THROUGHPUT_SAMPLE -> throughputSample(runId, experiment, index, time);
            case HOST_SAMPLE -> hostSample(runId, experiment, index, time);
            case WAIT_SAMPLE -> waitSample(runId, experiment, index, time);
        };
    }

    /** A whole run: started, {@code trials} trials one second apart, finished. */
    public static List<SpecificRecord> run(String experiment, int trials, Instant start) {
        String runId = experiment.replaceAll("[^a-z0-9]", "") + "-" + UUID.randomUUID();
        List<SpecificRecord> events = new ArrayList<>();
        events.add(runStarted(runId, experiment, start));
        for (int i = 0; i < trials; i++) {
            events.add(trial(runId, experiment, i, start.plusSeconds(i)));
        }
        events.add(runFinished(runId, experiment, trials, start.plusSeconds(trials)));
        return events;
    }

    /**
     * Writes {@code events} into the dataset at {@code dataset} as the sink lays them out (one
     * partition, offsets from 0 in the given order), committed.
     */
    public static void writeDataset(Path dataset, List<? extends SpecificRecord> events)
            throws IOException {
        try (RecordWriter writer =
                new FanOutWriter(
                        new LocalStore(dataset),
                        "t",
                        0,
                        new HivePartitioner(),
                        new ParquetFormat(1 << 20))) {
            long offset = 0;
            for (SpecificRecord event : events) {
                writer.write(event, offset++);
            }
            writer.commit();
        }
    }

    public static String eventId(SpecificRecord event) {
        return (String) event.get(event.getSchema().getField("event_id").pos());
    }

    public static String runId(SpecificRecord event) {
        return (String) event.get(event.getSchema().getField("run_id").pos());
    }

    /** Publishes in a transaction that is then aborted, as a runner that failed mid-trial would. */
    public static void publishAborted(
            KafkaConnection kafka, String topic, List<? extends SpecificRecord> events) {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-" + UUID.randomUUID());
        try (var producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.initTransactions();
            producer.beginTransaction();
            for (SpecificRecord event : events) {
                producer.send(
                        new ProducerRecord<>(
                                topic,
                                runId(event).getBytes(StandardCharsets.UTF_8),
                                CODEC.encode(event)));
            }
            producer.flush();
            producer.abortTransaction();
        }
    }

    /** Publishes in one transaction per {@code perTransaction} events, as the runner does per trial. */
    public static void publish(
            KafkaConnection kafka,
            String topic,
            List<? extends SpecificRecord> events,
            int perTransaction) {
        Map<String, Object> props = new HashMap<>(kafka.clientProperties());
        props.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "test-" + UUID.randomUUID());
        try (var producer =
                new KafkaProducer<>(props, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.initTransactions();
            for (int i = 0; i < events.size(); i += perTransaction) {
                producer.beginTransaction();
                for (SpecificRecord event :
                        events.subList(i, Math.min(events.size(), i + perTransaction))) {
                    producer.send(
                            new ProducerRecord<>(
                                    topic,
                                    runId(event).getBytes(StandardCharsets.UTF_8),
                                    CODEC.encode(event)));
                }
                producer.commitTransaction();
            }
        }
    }
}
