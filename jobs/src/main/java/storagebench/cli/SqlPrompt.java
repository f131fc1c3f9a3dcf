package storagebench.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.sql.SQLException;
import storagebench.report.ResultFormat;
import storagebench.report.SqlSession;
import storagebench.report.SqlStatements;

/**
 * {@code storagebench sql} at a terminal: statements ended by {@code ;} run as they are typed, each
 * result printed; a failed statement is printed and the prompt goes on. {@code .quit}, {@code .exit}
 * or the end of the input ends it.
 */
final class SqlPrompt {
    private final SqlSession session;
    private final ResultFormat format;
    private final PrintWriter out;
    private final PrintWriter err;

    SqlPrompt(SqlSession session, ResultFormat format, PrintWriter out, PrintWriter err) {
        this.session = session;
        this.format = format;
        this.out = out;
        this.err = err;
    }

    /** Reads statements until the end; exit code 0. */
    int run(BufferedReader in) throws IOException {
        out.println(
                "views: "
                        + String.join(", ", session.views().views())
                        + ". End each statement with ;  .quit or Ctrl-D ends.");
        String pending = "";
        while (true) {
            out.print(pending.isEmpty() ? "sql> " : "...> ");
            out.flush();
            String line = in.readLine();
            if (line == null || (pending.isEmpty() && isQuit(line))) {
                out.println();
                out.flush();
                return 0;
            }
            SqlStatements typed = SqlStatements.of(pending + line + "\n");
            typed.ended().forEach(this::run);
            pending = typed.rest();
        }
    }

    private static boolean isQuit(String line) {
        String command = line.strip();
        return command.equals(".quit") || command.equals(".exit");
    }

    private void run(String statement) {
        try {
            session.run(statement).ifPresent(result -> out.print(format.render(result)));
            out.flush();
        } catch (SQLException e) {
            err.println(SqlCommand.error(session, e));
            err.flush();
        }
    }
}
