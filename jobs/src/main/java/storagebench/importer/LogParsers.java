package storagebench.importer;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.importer.csv.CsvParser;
import storagebench.importer.filestats.FileStatsParser;
import storagebench.importer.fio.FioParser;
import storagebench.importer.pgbench.PgbenchParser;
import storagebench.importer.gbak.GbakParser;
import storagebench.importer.timing.TimingLogParser;

/** The registry of log parsers by name: adding a format means adding it here and nowhere else. */
public final class LogParsers {
    private static final Map<String, LogParser> BY_NAME = new LinkedHashMap<>();

    static {
        register(new FileStatsParser());
        register(new CsvParser());
        register(new FioParser());
        register(new PgbenchParser());
        register(new GbakParser());
        register(new TimingLogParser());
    }

    private LogParsers() {
    }

    static void register(LogParser parser) {
        BY_NAME.put(parser.name(), parser);
    }

    public static Optional<LogParser> find(String name) {
        return Optional.ofNullable(BY_NAME.get(name));
    }

    public static Iterable<String> names() {
        return BY_NAME.keySet();
    }
}
