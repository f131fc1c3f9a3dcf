package storagebench.workload.oltp;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.workload.StopSignal;

class ThroughputSamplerTest {
    private static final long MS = 1_000_000L;

    @Test
    void theRampUpIsForgottenAndEachIntervalKeepsWhatItsTransactionsDid() throws Exception {
        // given: two types; what is recorded before begin() is the ramp-up's
        TxRecorders recorders = new TxRecorders(2);
        StopSignal signal = new StopSignal();
        ThroughputSampler sampler = new ThroughputSampler(recorders, signal);
        recorders.committed(0, 5_000);
        sampler.begin();
        recorders.committed(0, 2_000);
        recorders.committed(0, 4_000);
        recorders.rolledBack(0, 3_000);
        recorders.committed(1, 1_000);
        recorders.retry(1);
        recorders.error(1);
        // when: 250 ms in intervals of 100 ms
        long start = System.nanoTime();
        boolean whole = sampler.run(start, 250 * MS, 100 * MS);
        // then: three intervals (the last one short), the transactions in the first
        assertThat(whole).isTrue();
        List<ThroughputInterval> intervals = sampler.intervals();
        assertThat(intervals).hasSize(3);
        assertThat(intervals.get(0).commits()).containsExactly(2, 1);
        assertThat(intervals.get(0).rollbacks()).containsExactly(1, 0);
        assertThat(intervals.get(0).retries()).isEqualTo(1);
        assertThat(intervals.get(0).errors()).isEqualTo(1);
        assertThat(intervals.get(0).latencyMs()[3])
                .isEqualTo(4.0, org.assertj.core.data.Offset.offset(0.01));
        assertThat(intervals.get(1).transactions()).isZero();
        assertThat(intervals.get(1).latencyMs()).isNull();
        assertThat(intervals.get(2).millis())
                .isEqualTo(50.0, org.assertj.core.data.Offset.offset(0.5));
        assertThat(sampler.total()[0].commits()).isEqualTo(2);
        assertThat(sampler.total()[0].rollbacks()).isEqualTo(1);
        // and the step's metrics count the commits as throughput, the mix's rollbacks apart
        TpccMix mix = new TpccMix(1, TpccScale.STANDARD, false, 1);
        TxFigures[] five = TxFigures.array(5);
        five[0].add(sampler.total()[0]);
        five[1].add(sampler.total()[1]);
        Map<String, Double> metrics =
                OltpMetrics.step(
                        mix,
                        five,
                        60_000,
                        OltpSettings.of(OltpTrial.params(new DatabaseOltp(new H2Oltp()))),
                        -1);
        assertThat(metrics)
                .containsEntry("nopm", 2.0)
                .containsEntry("tpm", 3.0)
                .containsEntry("rollbacks", 1.0)
                .containsEntry("retries", 1.0)
                .containsEntry("errors", 1.0)
                .containsEntry("new-order.count", 3.0)
                .containsEntry("new-order.percent", 75.0)
                .containsEntry("payment.count", 1.0)
                .doesNotContainKey("driver_cpu_us_per_tx");
    }

    @Test
    void aFailingVirtualUserEndsTheSamplingAtOnce() throws Exception {
        // given
        TxRecorders recorders = new TxRecorders(1);
        StopSignal signal = new StopSignal();
        ThroughputSampler sampler = new ThroughputSampler(recorders, signal);
        sampler.begin();
        Thread failing =
                new Thread(
                        () -> {
                            try {
                                Thread.sleep(100);
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            signal.fail(new SQLException("terminating connection", "57P01"));
                        });
        // when
        long start = System.nanoTime();
        failing.start();
        boolean whole = sampler.run(start, 10_000 * MS, 1_000 * MS);
        // then: well before the 10 s, with the failure kept
        assertThat(whole).isFalse();
        assertThat(System.nanoTime() - start).isLessThan(5_000 * MS);
        assertThat(signal.failure()).hasMessage("terminating connection");
        assertThat(sampler.intervals()).hasSize(1);
    }
}
