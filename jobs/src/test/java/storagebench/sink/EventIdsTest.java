package storagebench.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class EventIdsTest {
    @Test
    void anIdIsNewOnlyTheFirstTime() {
        // given
        EventIds ids = new EventIds();
        // when
        boolean first = ids.add("run-1/0/measure");
        boolean again = ids.add("run-1/0/measure");
        boolean other = ids.add("run-1/1/measure");
        // then
        assertThat(first).isTrue();
        assertThat(again).isFalse();
        assertThat(other).isTrue();
        assertThat(ids.size()).isEqualTo(2);
    }

    @Test
    void anIdGivenAsUtf8BytesIsTheSameIdAsItsString() {
        // given
        EventIds ids = new EventIds();
        ids.add("seed 000/ifi é/started/1");
        byte[] framed = "xxseed 000/ifi é/started/1yy".getBytes(StandardCharsets.UTF_8);
        // when
        boolean added = ids.add(ByteBuffer.wrap(framed, 2, framed.length - 4));
        // then
        assertThat(added).isFalse();
    }

    @Test
    void growingKeepsEveryIdAndMistakesNoneForAnother() {
        // given
        EventIds ids = new EventIds();
        int n = 200_000;
        // when
        int added = 0;
        for (int i = 0; i < n; i++) {
            added += ids.add("run-" + i / 100 + "/" + i % 100 + "/measure") ? 1 : 0;
        }
        int again = 0;
        for (int i = 0; i < n; i++) {
            again += ids.add("run-" + i / 100 + "/" + i % 100 + "/measure") ? 1 : 0;
        }
        // then: 16-byte slots, at most three quarters full
        assertThat(added).isEqualTo(n);
        assertThat(again).isZero();
        assertThat(ids.size()).isEqualTo(n);
        assertThat(ids.bytes()).isBetween(16L * n * 4 / 3, 2 * 16L * n * 4 / 3);
    }
}
