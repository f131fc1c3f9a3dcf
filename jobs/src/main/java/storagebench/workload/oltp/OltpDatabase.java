package storagebench.workload.oltp;

import java.sql.Connection;
import java.sql.SQLException;
import storagebench.dbms.DatabaseTarget;

/**
 * The workload's own database on one server: made empty at set-up (whatever an interrupted trial left is
 * dropped first), connected to by the loaders, the virtual users and the IO sampler, dropped at clean-up
 * unless the schema is kept.
 */
interface OltpDatabase {

    /** The JDBC URL the IO sampler connects to. */
    String url();

    /** The server the database is on. */
    DatabaseTarget target();

    /** A new connection to the database, autocommit on: by default, to {@link #url()}. */
    default Connection connect() throws SQLException {
        return target().connect(url());
    }

    /** Drops the database if it is there (ending the sessions still in it), then makes it empty. */
    void create() throws SQLException;

    /** Drops the database and its files, ending the sessions still in it; nothing when it is gone. */
    void drop() throws SQLException;

    /** The value the IO sampler's counters statement gets: the tables' names or the database's. */
    String samplerParameter(Mix mix);
}
