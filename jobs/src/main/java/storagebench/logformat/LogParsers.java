package storagebench.logformat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import storagebench.logformat.benchbase.BenchbaseParser;
import storagebench.logformat.csv.CsvParser;
import storagebench.logformat.filestats.FileStatsParser;
import storagebench.logformat.fio.FioParser;
import storagebench.logformat.gbak.GbakParser;
import storagebench.logformat.hammerdb.HammerdbParser;
import storagebench.logformat.pgbench.PgbenchParser;
import storagebench.logformat.timing.TimingLogParser;

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
        register(new HammerdbParser());
        register(new BenchbaseParser());
    }

    private LogParsers() {}

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
