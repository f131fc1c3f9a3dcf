package storagebench.workload.fileio;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import storagebench.events.IoSample;
import storagebench.events.TrialRef;
import storagebench.workload.TrialContext;
import storagebench.workload.sampling.CapTable;

/** Turns the sampler's intervals into IoSample events, one per file and interval, after the workers have stopped. */
final class SampleEvents {
    private SampleEvents() {}

    /**
     * @param wallStart the wall-clock time read right before {@code startNanos}, to place intervals in UTC
     */
    static List<IoSample> of(
            TrialContext trial,
            String step,
            FileIoSettings settings,
            DataFiles files,
            List<IntervalSampler.Interval> intervals,
            Instant wallStart,
            long startNanos) {
        Optional<CapTable.Tier> tier = settings.tier();
        long startMicros =
                Math.addExact(
                        Math.multiplyExact(wallStart.getEpochSecond(), 1_000_000L),
                        wallStart.getNano() / 1_000);
        TrialRef ref = trial.ref();
        List<IoSample> samples = new ArrayList<>();
        for (IntervalSampler.Interval interval : intervals) {
            long micros = startMicros + (interval.startNanos() - startNanos) / 1_000;
            for (int f = 0; f < interval.files().size(); f++) {
                IoFigures fig = interval.files().get(f);
                double ms = interval.millis();
                samples.add(
                        ref.stamp(IoSample.newBuilder(), step)
                                .setEventId(
                                        trial.trialId()
                                                + "/io/"
                                                + files.name(f)
                                                + "/"
                                                + interval.index())
                                .setFile(files.name(f))
                                .setIntervalStart(
                                        Instant.ofEpochSecond(
                                                Math.floorDiv(micros, 1_000_000L),
                                                Math.floorMod(micros, 1_000_000L) * 1_000L))
                                .setIntervalMs(ms)
                                .setReads(fig.reads())
                                .setWrites(fig.writes())
                                .setBytesRead(fig.bytesRead())
                                .setBytesWritten(fig.bytesWritten())
                                .setIops(fig.iops(ms))
                                .setMbPerS(fig.mibPerSecond(ms))
                                .setLatencyP50Us(fig.p50Us())
                                .setLatencyP95Us(fig.p95Us())
                                .setLatencyP99Us(fig.p99Us())
                                .setLatencyMaxUs(fig.maxUs())
                                .setReadLatencyAvgUs(fig.readAvgUs())
                                .setWriteLatencyAvgUs(fig.writeAvgUs())
                                .setQueuedMs(fig.queuedMs())
                                .setDeviceMs(fig.deviceMs())
                                .setCapIops(tier.map(CapTable.Tier::iops).orElse(null))
                                .setCapMbPerS(tier.map(CapTable.Tier::mibPerSecond).orElse(null))
                                .setModelled(tier.isPresent())
                                .setSizeBytes(settings.fileSize())
                                .build());
            }
        }
        return samples;
    }
}
