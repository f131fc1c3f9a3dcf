package storagebench.logformat.csv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import storagebench.logformat.LineReader;

class CsvReaderTest {

    @Test
    void crLfAndLoneCrEndRecordsAndBlankLinesAreSkipped() {
        // given
        String text = "a,b\r\n\r\nc,d\re,f\n\ng,h";

        // when
        List<CsvRecord> records = CsvReader.readAll(text, ',');

        // then
        assertThat(records).extracting(CsvRecord::line).containsExactly(1L, 3L, 4L, 6L);
        assertThat(records)
                .extracting(CsvRecord::fields)
                .containsExactly(
                        List.of("a", "b"), List.of("c", "d"), List.of("e", "f"), List.of("g", "h"));
    }

    @Test
    void quotesAreRfc4180AndLenientInsideUnquotedFields() {
        // given
        String text = "\"a,1\",\"say \"\"hi\"\"\",\"\",5\"x,\"two\nlines\"\nnext";

        // when
        List<CsvRecord> records = CsvReader.readAll(text, ',');

        // then
        assertThat(records.get(0).fields())
                .containsExactly("a,1", "say \"hi\"", "", "5\"x", "two\nlines");
        assertThat(records.get(0).text())
                .isEqualTo("\"a,1\",\"say \"\"hi\"\"\",\"\",5\"x,\"two\nlines\"");
        assertThat(records.get(1).line()).isEqualTo(3);
    }

    @Test
    void aRecordTooLongEvenInsideQuotesIsCutAndReadingResumesOnTheNextLine() {
        // given an opening quote that never closes on an overlong line
        String text = "a,\"" + "x".repeat(LineReader.MAX_LINE_CHARS) + "\nb,c\n";

        // when
        List<CsvRecord> records = CsvReader.readAll(text, ',');

        // then
        assertThat(records).hasSize(2);
        assertThat(records.get(0).problem()).startsWith("line too long");
        assertThat(records.get(0).fields()).isEmpty();
        assertThat(records.get(1).line()).isEqualTo(2);
        assertThat(records.get(1).fields()).containsExactly("b", "c");
    }

    @Test
    void theEndOfTheFileInsideQuotesMarksTheRecordTruncated() {
        // given
        String text = "a,b\nc,\"d";

        // when
        List<CsvRecord> records = CsvReader.readAll(text, ',');

        // then
        assertThat(records.get(0).problem()).isNull();
        assertThat(records.get(1).problem())
                .isEqualTo("truncated: the file ends inside a quoted field");
        assertThat(records.get(1).fields()).containsExactly("c", "d");
    }

    @Test
    void aQuoteLeftOpenOverManyLinesIsCutAtTheLimitAndReadingResumesAfterIt() {
        // given a stray quote, then short lines that would all belong to its field
        String line = "x,\"\"y\"\"" + "z".repeat(1000) + "\n";
        int lines = LineReader.MAX_LINE_CHARS / line.length() + 2;
        String text = "a,\"b\n" + line.repeat(lines);

        // when
        List<CsvRecord> records = CsvReader.readAll(text, ',');

        // then one record too long, from line 1, and the lines after the limit read as records
        assertThat(records.get(0).problem()).isEqualTo(LineReader.TOO_LONG);
        assertThat(records.get(0).line()).isEqualTo(1);
        assertThat(records.get(1).line())
                .isGreaterThan(1 + LineReader.MAX_LINE_CHARS / line.length());
        assertThat(records.get(1).fields()).containsExactly("x", "y\"\"" + "z".repeat(1000));
        assertThat(records.get(records.size() - 1).line()).isEqualTo(lines + 1);
    }
}
