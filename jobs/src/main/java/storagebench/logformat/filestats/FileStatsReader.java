package storagebench.logformat.filestats;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import storagebench.logformat.Parsed;
import storagebench.logformat.csv.CsvReader;
import storagebench.logformat.csv.CsvRecord;
import storagebench.logformat.csv.CsvRecords;

/** Reads the export row by row: samples as intervals close, then one step per file at the end. */
final class FileStatsReader extends CsvRecords {
    private final String trial;
    private final Map<String, FileTrack> tracks = new LinkedHashMap<>();
    private FileStatsColumns columns;

    /** @param trial the trial key of every record, or null for the database's name */
    FileStatsReader(CsvReader csv, String trial) {
        super(csv);
        this.trial = trial;
    }

    @Override
    protected Parsed start() throws IOException {
        CsvRecord header = csv.next();
        if (header == null) {
            return new Parsed.Malformed(1, "empty file: expected " + FileStatsColumns.EXPECTED, "");
        }
        if (header.problem() != null) {
            return new Parsed.Malformed(header.line(), header.problem(), header.text());
        }
        FileStatsColumns found = FileStatsColumns.find(header.text());
        if (!found.missing().isEmpty()) {
            return new Parsed.Malformed(header.line(), found.problem(), header.text());
        }
        csv.delimiter(found.delimiter());
        columns = found;
        return null;
    }

    /** A row has the header's fields: a cut-off last row that has them all is read. */
    @Override
    protected boolean meetsFixedFieldCount(CsvRecord row) {
        return columns != null && row.fields().size() == columns.width();
    }

    @Override
    protected void accept(CsvRecord row, Consumer<Parsed> out) {
        Parsed parsed = row(row);
        if (parsed != null) {
            out.accept(parsed);
        }
    }

    @Override
    protected void finish(Consumer<Parsed> out) {
        tracks.values().forEach(t -> out.accept(t.step()));
    }

    private Parsed row(CsvRecord row) {
        if (row.problem() != null) {
            return new Parsed.Malformed(row.line(), row.problem(), row.text());
        }
        if (row.fields().size() != columns.width()) {
            return new Parsed.Malformed(
                    row.line(),
                    "the row has "
                            + row.fields().size()
                            + " fields, the header "
                            + columns.width()
                            + " (truncated?)",
                    row.text());
        }
        Snapshot snapshot;
        try {
            snapshot = Snapshot.of(row, columns);
        } catch (IllegalArgumentException e) {
            return new Parsed.Malformed(row.line(), e.getMessage(), row.text());
        }
        return tracks.computeIfAbsent(
                        snapshot.database() + '\u0000' + snapshot.fileId(), k -> track(snapshot))
                .add(snapshot);
    }

    private FileTrack track(Snapshot s) {
        Map<String, String> factors = new LinkedHashMap<>();
        factors.put("database", s.database());
        factors.put("file_id", s.fileId());
        if (!s.fileName().isEmpty()) {
            factors.put("file", s.fileName());
        }
        String file = s.fileName().isEmpty() ? s.fileId() : s.fileName();
        return new FileTrack(
                trial == null ? s.database() : trial, Collections.unmodifiableMap(factors), file);
    }
}
