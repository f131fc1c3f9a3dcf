package storagebench.logformat.filestats;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import storagebench.logformat.csv.CsvReader;
import storagebench.logformat.csv.CsvRecord;

/**
 * Where the columns of a sys.dm_io_virtual_file_stats export are: names in any order and case,
 * separated by a comma, a semicolon or a tab (whatever the header uses).
 */
record FileStatsColumns(char delimiter, int width, Map<String, Integer> index) {
    /** The database: the first of these names the header has. */
    static final List<String> DATABASE =
            List.of("database", "database_name", "db_name", "database_id");

    static final List<String> REQUIRED =
            Stream.of(
                            List.of("file_id", "sample_time"),
                            Snapshot.COUNTERS,
                            List.of("size_on_disk_bytes"))
                    .flatMap(List::stream)
                    .toList();

    /** The file's name: the first of these the header has; else the file is named by its id. */
    static final List<String> FILE_NAME = List.of("file_name", "logical_name", "physical_name");

    static final String EXPECTED =
            "a file-stats CSV: snapshots of sys.dm_io_virtual_file_stats with a header row"
                    + " naming database (or database_name / database_id), "
                    + String.join(", ", REQUIRED);
    private static final char[] DELIMITERS = {',', ';', '\t'};

    /** The columns of a header line, split by whichever delimiter finds most of them; see {@link #missing()}. */
    static FileStatsColumns find(String header) {
        FileStatsColumns best = null;
        for (char d : DELIMITERS) {
            FileStatsColumns found = split(header, d);
            if (best == null || found.missing().size() < best.missing().size()) {
                best = found;
            }
        }
        return best;
    }

    private static FileStatsColumns split(String header, char delimiter) {
        List<CsvRecord> records = CsvReader.readAll(header, delimiter);
        List<String> names = records.isEmpty() ? List.of() : records.get(0).fields();
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            index.putIfAbsent(normalize(names.get(i)), i);
        }
        return new FileStatsColumns(delimiter, names.size(), index);
    }

    /** Strips what exports add around names: spaces, brackets ([file_id]), case. */
    private static String normalize(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.startsWith("[") && n.endsWith("]")) {
            n = n.substring(1, n.length() - 1);
        }
        return n;
    }

    List<String> missing() {
        List<String> missing = new ArrayList<>();
        if (first(DATABASE) < 0) {
            missing.add("database");
        }
        REQUIRED.stream().filter(c -> !index.containsKey(c)).forEach(missing::add);
        return missing;
    }

    /** The index of the first of the names present, or -1. */
    int first(List<String> names) {
        return names.stream().filter(index::containsKey).findFirst().map(index::get).orElse(-1);
    }

    int at(String name) {
        return index.get(name);
    }

    String problem() {
        return "the header lacks " + String.join(", ", missing()) + "; expected " + EXPECTED;
    }
}
