package storagebench.workload.fileio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    @Test
    void spacesRequestsAtTheRateAfterTheBurst() {
        // given: 1,000 tokens a second, a burst of 2 beyond the rate, all asked for at once
        TokenBucket bucket = new TokenBucket(1_000, 2, 0);
        // when
        List<Long> go = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            go.add(bucket.reserve(1, 0));
        }
        // then: three go at once, then one each millisecond
        assertThat(go).containsExactly(0L, 0L, 0L, 1_000_000L, 2_000_000L, 3_000_000L);
    }

    @Test
    void anIdleBucketRefillsOnlyUpToItsBurst() {
        // given
        TokenBucket bucket = new TokenBucket(1_000, 1, 0);
        bucket.reserve(1, 0);
        // when: a second later, three requests at once
        long now = 1_000_000_000L;
        long[] go = {bucket.reserve(1, now), bucket.reserve(1, now), bucket.reserve(1, now)};
        // then: the burst lets two go, the third waits one token's time
        assertThat(go).containsExactly(now, now, now + 1_000_000L);
    }

    @Test
    void largeRequestsCostInProportion() {
        // given: 1 MiB a second
        TokenBucket bucket = new TokenBucket(1 << 20, 0, 0);
        // when
        long first = bucket.reserve(512 << 10, 0);
        long second = bucket.reserve(512 << 10, 0);
        // then: the second half-MiB waits half a second
        assertThat(first).isZero();
        assertThat(second).isBetween(499_000_000L, 501_000_000L);
    }

    @Test
    void threadsSharingABucketGetTheSameSlotsAsOneThreadWould() throws Exception {
        // given: 2,000 tokens a second and a burst of 100, asked for by 4 threads at once for one
        // second of slots, on a fixed clock (so the machine's load cannot change what is handed
        // out)
        long end = 1_000_000_000L;
        TokenBucket shared = new TokenBucket(2_000, 100, 0);
        List<Long> slots = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(
                    new Thread(
                            () -> {
                                for (long go = shared.reserve(1, 0);
                                        go < end;
                                        go = shared.reserve(1, 0)) {
                                    slots.add(go);
                                }
                            }));
        }
        // when
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        // then: no slot lost or given twice: the very slots one thread alone is handed
        TokenBucket alone = new TokenBucket(2_000, 100, 0);
        List<Long> expected = new ArrayList<>();
        for (long go = alone.reserve(1, 0); go < end; go = alone.reserve(1, 0)) {
            expected.add(go);
        }
        assertThat(expected).hasSizeBetween(2_000, 2_101);
        assertThat(slots).containsExactlyInAnyOrderElementsOf(expected);
    }
}
