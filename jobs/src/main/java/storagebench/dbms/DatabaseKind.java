package storagebench.dbms;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;

/**
 * A database product as storagebench speaks to it. Everything else that differs per product is SQL in
 * resource files named after {@link SqlDialect#product()}: {@code targets/probe/}, {@code samplers/io/},
 * {@code samplers/waits/},
 * {@code targets/admin/}, {@code workloads/<name>/}.
 */
public interface DatabaseKind extends Kind {

    /** How identifiers are quoted, how connecting is bounded, where the product's SQL lives. */
    SqlDialect dialect();

    /**
     * Facts about the server that its probe SQL ({@code targets/probe/<product>.sql}) cannot read, added
     * to RunStarted's target properties (Firebird: the server mode). None by default.
     */
    default Map<String, String> facts(DatabaseTarget target, Connection connection)
            throws SQLException {
        return Map.of();
    }

    /**
     * The variables the product's own tools read to reach the target (libpq's PGHOST…, sqlcmd's
     * SQLCMDSERVER…), so that a program run against it needs nothing on its command line. The password
     * goes only under the tool's own password variable, never into another value. None by default.
     */
    default Map<String, String> toolEnvironment(DatabaseTarget target) {
        return Map.of();
    }

    /** The statement that reads the server's IO counters per file: {@code samplers/io/<product>.sql}. */
    default String ioCounters() {
        return dialect().script("samplers/io").sql("counters");
    }

    /**
     * The statements that read the server's wait statistics during a trial's measured phase, {@code
     * samplers/waits/<product>.sql}: {@code sessions} (polled: the wait of each active session now),
     * {@code waits} (cumulative wait statistics) and {@code counters} (cumulative counters), each where
     * the product has it. Empty for a product without the file: it gives no waits.
     */
    default Optional<SqlScript> waitStatistics() {
        return SqlScript.find("samplers/waits", dialect().product());
    }

    /**
     * Whether the IO counters read the files of one database, which a workload may choose (SQL Server's
     * {@code sys.dm_io_virtual_file_stats} of a database id), rather than the files of the whole
     * server. No by default.
     */
    default boolean ioCountersPerDatabase() {
        return false;
    }

    /**
     * This product's {@code capability} for {@code target} ({@link ServerDatabases}, …), if it offers
     * it: what {@link Target#as} answers for a database target. None by default.
     */
    default <C> Optional<C> capability(DatabaseTarget target, Class<C> capability) {
        return Optional.empty();
    }

    /** The database the target's url names, if it names one (where it is a query property). */
    default Optional<String> urlDatabase(DatabaseTarget target) {
        return Optional.empty();
    }

    /**
     * Checks before a run that the target lets a workload do an administrator's work: make storage
     * (tablespaces, database files under the configured root) or change server settings. Nothing to check
     * by default.
     *
     * @param why what the workload does that needs it, for the message
     * @throws storagebench.BadInputException naming the user and what is missing
     */
    default void requireAdminRights(DatabaseTarget target, String workload, String why) {}

    /** As {@link #requireAdminRights}, for a workload that creates databases (and drops them after). */
    default void requireDatabaseRights(DatabaseTarget target, String workload) {}
}
