package storagebench.importer.csv;

import java.io.IOException;
import storagebench.importer.Parsed;
import storagebench.importer.ParsedStream;

/** Reads the header (when there is one), then maps row after row; a header that does not fit ends it. */
final class CsvRows implements ParsedStream.Source {
    private final CsvReader csv;
    private final CsvMapping mapping;
    private RowMapper rows;
    private long number;
    private boolean ended;

    CsvRows(CsvReader csv, CsvMapping mapping) {
        this.csv = csv;
        this.mapping = mapping;
    }

    @Override
    public Parsed next() throws IOException {
        if (ended) {
            return null;
        }
        if (rows == null) {
            Parsed problem = start();
            if (problem != null) {
                ended = true;
                return problem;
            }
        }
        CsvRecord row = csv.next();
        if (row == null) {
            ended = true;
            return null;
        }
        return rows.map(row, ++number);
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
