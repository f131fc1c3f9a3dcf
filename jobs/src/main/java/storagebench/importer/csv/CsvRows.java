package storagebench.importer.csv;

import java.io.IOException;
import java.util.function.Consumer;
import storagebench.importer.Parsed;
import storagebench.importer.ParsedStream;

/** Reads the header (when there is one), then maps row after row; a header that does not fit ends it. */
final class CsvRows implements ParsedStream.Source {
    private final CsvReader csv;
    private final CsvMapping mapping;
    private RowMapper rows;
    private long number;

    CsvRows(CsvReader csv, CsvMapping mapping) {
        this.csv = csv;
        this.mapping = mapping;
    }

    @Override
    public boolean read(Consumer<Parsed> out) throws IOException {
        if (rows == null) {
            Parsed problem = start();
            if (problem != null) {
                out.accept(problem);
                return false;
            }
        }
        CsvRecord row = csv.next();
        if (row == null) {
            return false;
        }
        out.accept(rows.map(row, ++number));
        return true;
    }

    private Parsed start() throws IOException {
        if (!mapping.header()) {
            rows = new RowMapper(mapping, CsvColumns.numbered(mapping));
            return null;
        }
        CsvRecord header = csv.next();
        if (header == null) {
            return new Parsed.Malformed(1, "empty file: no header row", "");
        }
        if (header.problem() != null) {
            return new Parsed.Malformed(header.line(), "header: " + header.problem(), header.text());
        }
        try {
            rows = new RowMapper(mapping, CsvColumns.named(mapping, header.fields()));
            return null;
        } catch (IllegalArgumentException e) {
            return new Parsed.Malformed(header.line(), e.getMessage(), header.text());
        }
    }
}
