package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ValuesTest {
    @Test
    void sizesAreBinaryMultiples() {
        assertThat(Values.parseSize("8MB")).isEqualTo(8L << 20);
        assertThat(Values.parseSize("256 MiB")).isEqualTo(256L << 20);
        assertThat(Values.parseSize("1gb")).isEqualTo(1L << 30);
        assertThat(Values.parseSize("1.5G")).isEqualTo(3L << 29);
        assertThat(Values.parseSize("4096")).isEqualTo(4096);
        assertThat(Values.parseSize("8XB")).isEqualTo(-1);
        assertThat(Values.parseSize("")).isEqualTo(-1);
    }

    @Test
    void sizesFormatForPeople() {
        assertThat(Values.formatSize(1L << 30)).isEqualTo("1 GiB");
        assertThat(Values.formatSize(3L << 29)).isEqualTo("1.5 GiB");
        assertThat(Values.formatSize(512)).isEqualTo("512 B");
    }
}
