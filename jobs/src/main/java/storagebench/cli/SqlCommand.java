package storagebench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.config.Secrets;
import storagebench.config.Settings;
import storagebench.report.QueryResult;
import storagebench.report.ResultFormat;
import storagebench.report.SqlSession;
import storagebench.report.SqlStatements;
import storagebench.storage.ReadableDataset;

/** DuckDB's SQL over the dataset, with README's views defined, for a machine without DuckDB's CLI. */
@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        versionProvider = VersionProvider.class,
        description = {
            "Runs SQL with DuckDB over the dataset, README's views defined: no DuckDB CLI needed.",
            "The views are those of queries/duckdb.sql: trials, measured_trials (what statistics are made of),"
                    + " run_attempts and runs; a view whose table has no file yet (no runs, say) is left out. The"
                    + " statements come from the argument or from -f FILE; with neither, from standard input."
                    + " Each statement's rows are printed, one result after the other.",
            "At a terminal, with neither, a prompt runs each statement once its ; is typed, until the line"
                    + " .quit or Ctrl-D."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench sql \"SELECT count(*) FROM measured_trials\"",
            "  storagebench sql -f queries.sql --format csv > means.csv",
            "  storagebench sql --data-dir /srv/storagebench"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:every statement ran (at the prompt: it ended)",
            "1:the dataset is unreadable",
            "2:an SQL error (the statements after it are not run), a missing file, no dataset yet or bad"
                    + " options"
        })
public final class SqlCommand implements Callable<Integer> {
    @Mixin SettingsOptions settings;

    @Parameters(
            index = "0",
            arity = "0..1",
            paramLabel = "SQL",
            description = "The statements to run, each ended by ; (the last one may go without).")
    String sql;

    @Option(
            names = {"-f", "--file"},
            paramLabel = "FILE",
            description = "Run the statements of this file instead.")
    Path file;

    @Option(
            names = "--format",
            paramLabel = "FORMAT",
            defaultValue = "table",
            converter = FormatConverter.class,
            description =
                    "table (aligned columns and the number of rows, default), csv (a header line, then a"
                            + " line per row, quoted as RFC 4180 says) or json (an array of objects per"
                            + " statement, one row a line).")
    ResultFormat format;

    @Spec CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if (sql != null && file != null) {
            throw new BadInputException("give SQL or -f FILE, not both");
        }
        String text = sql != null ? sql : file != null ? read(file) : null;
        Settings loaded = settings.load();
        try (SqlSession session = SqlSession.open(ReadableDataset.folder(loaded))) {
            if (session.views().views().isEmpty()) {
                throw new BadInputException(SettingsOptions.nothingYet(loaded, "dataset"));
            }
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            if (text == null && System.console() != null) {
                return new SqlPrompt(session, format, out, err)
                        .run(new BufferedReader(System.console().reader()));
            }
            if (text == null) {
                text = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return runAll(session, SqlStatements.of(text).all(), out, err);
        }
    }

    private int runAll(
            SqlSession session, List<String> statements, PrintWriter out, PrintWriter err) {
        if (statements.isEmpty()) {
            throw new BadInputException("no SQL statement given");
        }
        boolean first = true;
        for (String statement : statements) {
            try {
                QueryResult result = session.run(statement).orElse(null);
                if (result != null) {
                    out.print((first ? "" : format.between()) + format.render(result));
                    out.flush();
                    first = false;
                }
            } catch (SQLException e) {
                out.flush();
                err.println(error(session, e));
                err.flush();
                return Main.BAD_INPUT;
            }
        }
        return 0;
    }

    /** A failed statement as the one line printed. */
    static String error(SqlSession session, SQLException e) {
        return "storagebench sql: " + Secrets.redactText(session.message(e));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException(file + ": no such file");
        } catch (IOException | UncheckedIOException e) {
            throw new BadInputException(file + ": cannot read it: " + e.getMessage());
        }
    }

    static final class FormatConverter implements ITypeConverter<ResultFormat> {
        @Override
        public ResultFormat convert(String value) {
            try {
                return ResultFormat.valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(
                        "expected table, csv or json, got '" + value + "'");
            }
        }
    }
}
