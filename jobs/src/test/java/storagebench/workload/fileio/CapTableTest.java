package storagebench.workload.fileio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.workload.Param;
import storagebench.workload.Params;
import storagebench.workload.sampling.CapTable;

class CapTableTest {
    private static final long GIB = 1L << 30;

    @Test
    void readsTiersOfSizeIopsAndMegabytesPerSecond() {
        // when
        CapTable caps = CapTable.parse(" 128GB:500:100, 512GB:2300:150 ,1TB:5000:200");
        // then
        assertThat(caps.tiers())
                .containsExactly(
                        new CapTable.Tier(128 * GIB, 500, 100),
                        new CapTable.Tier(512 * GIB, 2300, 150),
                        new CapTable.Tier(1024 * GIB, 5000, 200));
        assertThat(caps).hasToString("128GiB:500:100, 512GiB:2300:150, 1TiB:5000:200");
    }

    @Test
    void premiumDiskIsTheSeedsTable() {
        // when
        CapTable caps = CapTable.parse("premium-disk");
        // then
        assertThat(caps).isEqualTo(CapTable.parse("128GB:500:100, 512GB:2300:150, 1TB:5000:200"));
    }

    @Test
    void aFileGetsTheFirstTierThatHoldsItAndTheLastWhenAboveAll() {
        // given
        CapTable caps = CapTable.parse("premium-disk");
        // then
        assertThat(caps.tierFor(100 * GIB).orElseThrow().iops()).isEqualTo(500);
        assertThat(caps.tierFor(128 * GIB).orElseThrow().iops()).isEqualTo(500);
        assertThat(caps.tierFor(128 * GIB + 1).orElseThrow().iops()).isEqualTo(2300);
        assertThat(caps.tierFor(540 * GIB).orElseThrow().iops()).isEqualTo(5000);
        assertThat(caps.tierFor(540 * GIB).orElseThrow().mibPerSecond()).isEqualTo(200);
        assertThat(caps.tierFor(4096 * GIB).orElseThrow().iops()).isEqualTo(5000);
    }

    @Test
    void noneMeansUncapped() {
        assertThat(CapTable.parse("none").capped()).isFalse();
        assertThat(CapTable.parse(" ").tierFor(GIB)).isEmpty();
    }

    @Test
    void errorsNameTheBadEntry() {
        assertThatThrownBy(() -> CapTable.parse("128GB:500:100, 512GB:23x0:150"))
                .hasMessage("caps entry 2 '512GB:23x0:150': IOPS '23x0' is not a number above 0");
        assertThatThrownBy(() -> CapTable.parse("128XB:500:100"))
                .hasMessage(
                        "caps entry 1 '128XB:500:100': '128XB' is not a size such as 128GB or 1TB");
        assertThatThrownBy(() -> CapTable.parse("128GB:500"))
                .hasMessageStartingWith("caps entry 1 '128GB:500': expected SIZE:IOPS:MBPS");
        assertThatThrownBy(() -> CapTable.parse("1TB:5000:200, 128GB:500:0"))
                .hasMessage("caps entry 2 '128GB:500:0': MB/s '0' is not a number above 0");
        assertThatThrownBy(() -> CapTable.parse("1TB:5000:200, 128GB:500:100"))
                .hasMessage(
                        "caps entry 2 '128GB:500:100': sizes must grow from one tier to the next");
    }

    @Test
    void sizeScaleMakesSmallFilesCountAsTheSeedsFiles() {
        // given: the seed's 100 GB and 540 GB data files as 100 MB and 540 MB files
        Map<String, Object> values = new HashMap<>(defaults());
        values.put("caps", "premium-disk");
        values.put("size-scale", 1024);
        // when
        values.put("file-size", 100L << 20);
        FileIoSettings small = FileIoSettings.of(new Params(values));
        values.put("file-size", 540L << 20);
        FileIoSettings grown = FileIoSettings.of(new Params(values));
        // then
        assertThat(small.modelledSize()).isEqualTo(100 * GIB);
        assertThat(small.tier().orElseThrow().iops()).isEqualTo(500);
        assertThat(grown.modelledSize()).isEqualTo(540 * GIB);
        assertThat(grown.tier().orElseThrow().iops()).isEqualTo(5000);
    }

    static Map<String, Object> defaults() {
        Map<String, Object> values = new HashMap<>();
        List<Param> params = new LocalFileIo().params();
        for (Param p : params) {
            if (p.defaultValue() != null) {
                values.put(p.name(), p.parse(p.defaultValue()));
            }
        }
        return values;
    }
}
