package storagebench.logformat.csv;

import java.io.IOException;
import java.util.function.Consumer;
import storagebench.logformat.Parsed;

/** Reads the header (when there is one), then maps row after row; a header that does not fit ends it. */
final class CsvRows extends CsvRecords {
    private final CsvMapping mapping;
    private RowMapper rows;
    private long number;
    private int width = -1;

    CsvRows(CsvReader csv, CsvMapping mapping) {
        super(csv);
        this.mapping = mapping;
    }

    @Override
    protected Parsed start() throws IOException {
        if (!mapping.header()) {
            rows = new RowMapper(mapping, CsvColumns.numbered(mapping));
            return null;
        }
        CsvRecord header = csv.next();
        if (header == null) {
            return new Parsed.Malformed(1, "empty file: no header row", "");
        }
        if (header.problem() != null) {
            return new Parsed.Malformed(
                    header.line(), "header: " + header.problem(), header.text());
        }
        try {
            rows = new RowMapper(mapping, CsvColumns.named(mapping, header.fields()));
            width = header.fields().size();
            return null;
        } catch (IllegalArgumentException e) {
            return new Parsed.Malformed(header.line(), e.getMessage(), header.text());
        }
    }

    /** With a header, a row has its fields: a cut-off last row that has them all is read. */
    @Override
    protected boolean meetsFixedFieldCount(CsvRecord row) {
        return row.fields().size() == width;
    }

    @Override
    protected void accept(CsvRecord row, Consumer<Parsed> out) {
        out.accept(rows.map(row, ++number));
    }
}
