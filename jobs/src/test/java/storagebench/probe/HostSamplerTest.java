package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import storagebench.events.HostSample;
import storagebench.events.TrialRef;

/** The sampler on this machine's own /proc: its thread, its timeline, what a trial gets. */
class HostSamplerTest {
    private static final TrialRef TRIAL =
            new TrialRef("r1", "e", "h", "r1-t0000", 0, "v=a", Map.of("v", "a"), false);

    @TempDir Path tmp;

    @Test
    void aTrialGetsEachWholeIntervalFlaggedWithItsStepAndPhase() throws Exception {
        try (HostSampler sampler = HostSampler.every(Duration.ofMillis(50), List.of(tmp))) {
            // when: a trial of a set-up and a measured step, 400 ms each
            sampler.begin(TRIAL);
            sampler.step("prepare", "setup");
            Thread.sleep(400);
            sampler.step("run", "measured");
            Thread.sleep(400);
            List<HostSample> samples = sampler.end();
            // then: whole intervals of both phases, every one the trial's, CPU shares adding up
            List<HostSample> cpu =
                    samples.stream().filter(s -> s.getSource().equals("cpu")).toList();
            assertThat(cpu).hasSizeBetween(8, 17);
            assertThat(cpu).anyMatch(s -> s.getPhase().equals("setup"));
            assertThat(cpu)
                    .anyMatch(s -> s.getPhase().equals("measured") && s.getStep().equals("run"));
            assertThat(samples)
                    .allMatch(s -> s.getTrialId().equals("r1-t0000") && s.getIntervalMs() > 0);
            for (HostSample s : cpu) {
                double sum =
                        s.getMetrics().get("user")
                                + s.getMetrics().get("system")
                                + s.getMetrics().get("iowait")
                                + s.getMetrics().get("steal")
                                + s.getMetrics().get("idle");
                assertThat(sum).isBetween(0.999, 1.001);
            }
            assertThat(samples).anyMatch(s -> s.getSource().equals("core"));
            assertThat(samples.stream().map(HostSample::getEventId).distinct())
                    .hasSameSizeAs(samples);
            // and its folder's device is sampled where it is on one
            if (!sampler.devices().isEmpty()) {
                assertThat(samples)
                        .anyMatch(
                                s ->
                                        s.getSource().equals("device")
                                                && s.getName().equals(sampler.devices().get(0)));
            }
        }
    }

    @Test
    void aTrialShorterThanTheIntervalHasNoneAndTheNextStartsAfresh() throws Exception {
        try (HostSampler sampler = HostSampler.every(Duration.ofMillis(300), List.of())) {
            // when: a trial of a few ms, then one of 1 s
            sampler.begin(TRIAL);
            Thread.sleep(5);
            List<HostSample> short1 = sampler.end();
            sampler.begin(TRIAL);
            Thread.sleep(1_000);
            List<HostSample> longer = sampler.end();
            // then
            assertThat(short1).isEmpty();
            assertThat(longer.stream().filter(s -> s.getSource().equals("cpu")))
                    .hasSizeBetween(1, 4);
        }
    }

    @Test
    void aFigureThisHostCannotGiveIsOneWarningAndTheOthersAreStillSampled() throws Exception {
        // given: a server process that is gone, watched beside everything else
        ch.qos.logback.classic.Logger logger =
                (ch.qos.logback.classic.Logger)
                        org.slf4j.LoggerFactory.getLogger(HostSampler.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> said =
                new ch.qos.logback.core.read.ListAppender<>();
        said.start();
        logger.addAppender(said);
        try (HostSampler sampler =
                HostSampler.every(
                        Duration.ofMillis(50), List.of(tmp), Map.of("postgres", Long.MAX_VALUE))) {
            // when: two trials
            for (int trial = 0; trial < 2; trial++) {
                sampler.begin(TRIAL);
                sampler.step("run", "measured");
                Thread.sleep(300);
                List<HostSample> samples = sampler.end();
                // then: no process row, every other source still there
                assertThat(samples).noneMatch(s -> s.getSource().equals("process"));
                assertThat(samples).anyMatch(s -> s.getSource().equals("cpu"));
                assertThat(samples).anyMatch(s -> s.getSource().equals("memory"));
            }
        } finally {
            logger.detachAppender(said);
        }
        // and it was said once, naming what is missing
        assertThat(said.list.stream().map(e -> e.getFormattedMessage()))
                .filteredOn(m -> m.contains("the CPU of postgres"))
                .singleElement()
                .asString()
                .startsWith("host samples go without the CPU of postgres");
    }

    @Test
    void offSamplesNothing() {
        // when
        HostSampler off = HostSampler.every(Duration.ZERO, List.of());
        off.begin(TRIAL);
        // then
        assertThat(off).isSameAs(HostSampler.OFF);
        assertThat(off.end()).isEmpty();
    }

    @Test
    void aFoldersBlockDeviceIsFoundAndATmpfsHasNone() throws Exception {
        // when
        String here = HostSampler.blockDevice(tmp);
        // then: named as in /proc/diskstats, where there is one
        if (here != null) {
            assertThat(Files.readString(Path.of("/proc/diskstats"))).contains(" " + here + " ");
        }
        assertThat(HostSampler.blockDevice(Path.of("/proc"))).isNull();
        assertThat(HostSampler.blockDevice(tmp.resolve("not/yet/made"))).isEqualTo(here);
    }
}
