package storagebench.workload.dbfiles;

import java.util.List;
import java.util.function.BiFunction;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerPath;
import storagebench.dbms.Target;
import storagebench.workload.Params;
import storagebench.workload.sampling.IoSampling;

/** What every SQL Server workload checks before anything runs: file-root, the database name, the sampling. */
public final class SqlServerChecks {
    /** Names leave room for the longest suffix a workload adds ({@code _data00001}, {@code _fg00001}, {@code _src}). */
    static final int MAX_NAME = 50;

    private SqlServerChecks() {}

    /**
     * Refuses a target without file-root, or the first variant with a problem, as BadInputException
     * {@code <workload> on sqlserver: <key>: <reason>}.
     *
     * @param problem the workload's own checks: the reason with its key, or null
     */
    public static void preflight(
            Target target,
            List<Params> variants,
            String workload,
            BiFunction<Params, ServerPath, String> problem) {
        ServerPath root = ((DatabaseTarget) target).fileRoot();
        if (root == null) {
            throw new BadInputException(
                    workload
                            + " on sqlserver needs target.file-root: a directory on the "
                            + "server's host where the workload's database files go, e.g. /var/opt/mssql/data or D:\\SQLData");
        }
        for (Params p : variants) {
            String reason = problem.apply(p, root);
            if (reason != null) {
                throw new BadInputException(workload + " on sqlserver: " + reason);
            }
        }
    }

    /** Why {@code names} (the database and any other it makes) or the sampling parameters are refused, or null. */
    public static String names(String key, Params p, ServerPath root, String... names) {
        for (String name : names) {
            try {
                new SqlServerDatabase(name, root);
            } catch (IllegalArgumentException e) {
                return key + ": " + e.getMessage();
            }
            if (name.length() > MAX_NAME) {
                return key
                        + ": '"
                        + name
                        + "' is longer than "
                        + MAX_NAME
                        + " characters; the file names add to it";
            }
        }
        try {
            IoSampling.of(p);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        return null;
    }
}
