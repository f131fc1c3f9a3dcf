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

    @Test
    void addSaysWhetherTheIdIsNew() {
        EventIds ids = new EventIds();
        assertThat(ids.add("run-1/trial-1")).isTrue();
        assertThat(ids.add("run-1/trial-1")).isFalse();
        assertThat(ids.add(ByteBuffer.wrap("run-1/trial-2".getBytes(StandardCharsets.UTF_8))))
                .isTrue();
        assertThat(ids.add(ByteBuffer.wrap("run-1/trial-1".getBytes(StandardCharsets.UTF_8))))
                .isFalse();
        assertThat(ids.size()).isEqualTo(2);
    }

    @Test
    void theZeroFingerprintIsAnIdLikeAnyOther() {
        // given: (0, 0) marks an empty slot, so that fingerprint is stored as (0, 1)
        EventIds ids = new EventIds();
        // when
        boolean added = ids.add(0, 0);
        // then
        assertThat(added).isTrue();
        assertThat(ids.contains(0, 0)).isTrue();
        assertThat(ids.add(0, 0)).isFalse();
        assertThat(ids.size()).isEqualTo(1);
    }

    @Test
    void idsOfOneSlotAreFoundPastEachOther() {
        // given: three fingerprints whose high words share a slot of the 1,024
        EventIds ids = new EventIds();
        // when
        ids.add(5, 1);
        ids.add(5, 2);
        ids.add(5 + 1024, 3);
        // then
        assertThat(ids.contains(5, 1)).isTrue();
        assertThat(ids.contains(5, 2)).isTrue();
        assertThat(ids.contains(5 + 1024, 3)).isTrue();
        assertThat(ids.contains(5, 3)).isFalse();
    }

    @Test
    void growingKeepsIdsWithAZeroWord() {
        // given: more ids than the first table holds, half with a zero low word, half a zero high
        // one
        EventIds ids = new EventIds();
        for (long i = 1; i <= 1500; i++) {
            ids.add(i, 0);
            ids.add(0, i);
        }
        // then
        assertThat(ids.size()).isEqualTo(3000);
        for (long i = 1; i <= 1500; i++) {
            assertThat(ids.contains(i, 0)).isTrue();
            assertThat(ids.contains(0, i)).isTrue();
        }
    }
}
