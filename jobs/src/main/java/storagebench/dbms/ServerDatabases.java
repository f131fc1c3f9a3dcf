package storagebench.dbms;

import java.sql.SQLException;
import java.util.Map;
import storagebench.BadInputException;

/**
 * A capability of a database target: the other databases a workload makes on the same server (oltp's,
 * restore's, filegroup-insert's), reached by JDBC and by the product's own tools. Looked up through
 * {@link Target#as}; a kind offers it through {@link DatabaseKind#capability}.
 *
 * <p>A database is named as the product names it: PostgreSQL by its name, Firebird by its primary
 * file's path on the server.
 */
public interface ServerDatabases {

    /** The database the target's url names. */
    String own();

    /**
     * The JDBC url of database {@code name} on the target's server, with the target url's properties and
     * {@code properties} ({@code key=value&…}, or empty) added.
     */
    String url(String name, String properties);

    /** How the product's tools (pg_restore, gbak) name database {@code name} on their command line. */
    String toolName(String name);

    /**
     * The variables the product's tools read to reach database {@code name} with the target's
     * credentials; the password only under the tool's own password variable, never on a command line.
     */
    Map<String, String> toolEnvironment(String name);

    /** Drops database {@code name} if it exists, ending the sessions still attached to it first. */
    void dropIfExists(String name) throws SQLException;

    /** The databases of {@code target}'s server, or an error saying that {@code workload} needs them. */
    static ServerDatabases of(Target target, String workload) {
        return target.as(ServerDatabases.class)
                .orElseThrow(
                        () ->
                                new BadInputException(
                                        workload
                                                + " makes databases of its own, which the "
                                                + target.kind().yamlName()
                                                + " target does not offer in this version"));
    }
}
