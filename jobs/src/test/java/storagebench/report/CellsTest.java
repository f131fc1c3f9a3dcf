package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class CellsTest {
    @Test
    void jsonNumbersHaveNoExponentAndAbsentOrInfiniteOnesAreNull() {
        // given numbers as the formats meet them

        // when / then
        assertThat(Cells.json(1.0)).isEqualTo("1");
        assertThat(Cells.json(1.0e-7)).isEqualTo("0.0000001");
        assertThat(Cells.json(2.5e12)).isEqualTo("2500000000000");
        assertThat(Cells.json(42L)).isEqualTo("42");
        assertThat(Cells.json(Double.NaN)).isEqualTo("null");
        assertThat(Cells.json(Double.POSITIVE_INFINITY)).isEqualTo("null");
        assertThat(Cells.json(null)).isEqualTo("null");
    }

    @Test
    void jsonTextReadsBackAsItWasWithControlCharactersEscaped() throws Exception {
        // given text with a quote, a backslash, a line end, ESC, NUL and non-ASCII letters
        String text = "a\"b\\c\nd\u001b[2J\u0000 µs Größe";

        // when
        String json = Cells.json(text);

        // then
        assertThat(json).doesNotContain("\n", "\u001b", "\u0000").contains("µs Größe");
        assertThat(new ObjectMapper().readValue(json, String.class)).isEqualTo(text);
    }
}
