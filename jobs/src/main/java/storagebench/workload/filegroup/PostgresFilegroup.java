package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Dialect;
import storagebench.dbms.SqlScript;

/**
 * A table hash-partitioned over N partitions, partition i in tablespace {@code <name>_ts<i>} at
 * {@code <tablespace-root>/<name>_ts<i>}. PostgreSQL does not create a tablespace's directory, and it
 * must belong to the server's user: storagebench, on the server's host, creates each one with the
 * owner of tablespace-root (or finds it made by hand, empty).
 */
final class PostgresFilegroup implements TrialStorage {
    /** Paths embedded in DDL as literals (CREATE TABLESPACE cannot bind them): nothing that needs quoting. */
    private static final Pattern SAFE_PATH = Pattern.compile("/[A-Za-z0-9_./-]*");

    private final DatabaseTarget target;
    private final Dialect dialect;
    private final SqlScript sql;
    private final String name;
    private final int files;
    private String walStart;

    PostgresFilegroup(DatabaseTarget target, String name, int files) {
        this.target = target;
        this.dialect = target.dialect();
        this.sql = dialect.script(DatabaseFilegroupInsert.FOLDER);
        this.name = name;
        this.files = files;
    }

    /** Refuses a missing or unusable tablespace-root before anything runs. */
    static void checkRoot(DatabaseTarget target) {
        Path root = target.storageRoot();
        if (root == null) {
            throw new BadInputException(
                    "filegroup-insert on postgres needs target.tablespace-root: a directory on "
                            + "the server's host, writable by the server's user, where the trial's tablespaces are made");
        }
        if (!SAFE_PATH.matcher(root.toString()).matches() || root.toString().contains("..")) {
            throw new BadInputException(
                    "target.tablespace-root '"
                            + root
                            + "' must be an absolute path of "
                            + "letters, digits, '_', '-', '.' and '/' (it is written into CREATE TABLESPACE)");
        }
        if (!Files.isDirectory(root)) {
            throw new BadInputException(
                    "target.tablespace-root "
                            + root
                            + " is not a directory on this host; "
                            + "storagebench makes the tablespace directories there, so run it on the server's host");
        }
    }

    String tablespace(int i) {
        return name + "_ts" + String.format("%03d", i);
    }

    private String partition(int i) {
        return name + "_p" + String.format("%03d", i);
    }

    @Override
    public Connection create() throws SQLException {
        dropLeftovers();
        return TrialStorage.setUp(
                target.connect(),
                c -> {
                    try (Statement s = c.createStatement()) {
                        List<String> tablespaces = new ArrayList<>();
                        for (int i = 1; i <= files; i++) {
                            tablespaces.add(tablespace(i));
                            s.execute(
                                    sql.sql(
                                            "create-tablespace",
                                            Map.of(
                                                    "tablespace",
                                                    dialect.identifier(tablespace(i)),
                                                    "location",
                                                    literal(directory(tablespace(i))))));
                        }
                        String table = dialect.identifier(name);
                        s.execute(sql.sql("create-table", Map.of("table", table)));
                        s.execute(sql.sql("plain-storage", Map.of("table", table)));
                        for (int i = 1; i <= files; i++) {
                            s.execute(
                                    sql.sql(
                                            "create-partition",
                                            Map.of(
                                                    "partition",
                                                    dialect.identifier(partition(i)),
                                                    "table",
                                                    table,
                                                    "modulus",
                                                    String.valueOf(files),
                                                    "remainder",
                                                    String.valueOf(i - 1),
                                                    "tablespace",
                                                    dialect.identifier(tablespaces.get(i - 1)))));
                        }
                        try (ResultSet rs = s.executeQuery(sql.sql("wal-position"))) {
                            rs.next();
                            walStart = rs.getString(1);
                        }
                    }
                });
    }

    /** Removes the table and every tablespace named like this trial's, whatever their number. */
    private void dropLeftovers() throws SQLException {
        try (Connection c = target.connect();
                Statement s = c.createStatement()) {
            c.setAutoCommit(true);
            s.execute(sql.sql("drop-table", Map.of("table", dialect.identifier(name))));
            List<String> leftovers = new ArrayList<>();
            try (PreparedStatement q = c.prepareStatement(sql.sql("leftover-tablespaces"))) {
                q.setString(1, "^" + name + "_ts[0-9]+$");
                try (ResultSet rs = q.executeQuery()) {
                    while (rs.next()) {
                        leftovers.add(rs.getString(1));
                    }
                }
            }
            for (String tablespace : leftovers) {
                s.execute(
                        sql.sql(
                                "drop-tablespace",
                                Map.of("tablespace", dialect.identifier(tablespace))));
                removeDirectory(tablespace);
            }
        }
    }

    @Override
    public String relations() {
        return "^" + name + "_p[0-9]+$";
    }

    @Override
    public Map<String, Double> finish(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute(sql.sql("flush-stats"));
        } catch (SQLException e) {
            // before PostgreSQL 15: the counters arrive with the statistics collector's next report
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        try (PreparedStatement wal = c.prepareStatement(sql.sql("wal-bytes"))) {
            wal.setString(1, walStart);
            try (ResultSet rs = wal.executeQuery()) {
                rs.next();
                figures.put("wal_bytes", rs.getDouble(1));
            }
        }
        int blockSize;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("block-size"))) {
            rs.next();
            blockSize = rs.getInt(1);
        }
        long total = 0;
        long min = Long.MAX_VALUE;
        long max = 0;
        try (PreparedStatement sizes = c.prepareStatement(sql.sql("partition-bytes"))) {
            sizes.setString(1, dialect.identifier(name));
            try (ResultSet rs = sizes.executeQuery()) {
                while (rs.next()) {
                    long bytes = rs.getLong(1);
                    total += bytes;
                    min = Math.min(min, bytes);
                    max = Math.max(max, bytes);
                }
            }
        }
        figures.put("files", (double) files);
        figures.put("relation_bytes", (double) total);
        figures.put("pages", (double) (total / blockSize));
        figures.put("partition_pages_min", (double) (min / blockSize));
        figures.put("partition_pages_max", (double) (max / blockSize));
        return figures;
    }

    @Override
    public void drop() throws SQLException {
        dropLeftovers();
    }

    private Path directory(String tablespace) {
        Path dir = target.storageRoot().resolve(tablespace);
        try {
            if (!Files.isDirectory(dir)) {
                Files.createDirectory(dir);
                PosixFileAttributes root =
                        Files.readAttributes(target.storageRoot(), PosixFileAttributes.class);
                PosixFileAttributeView view =
                        Files.getFileAttributeView(
                                dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS);
                view.setPermissions(PosixFilePermissions.fromString("rwx------"));
                if (!root.owner().equals(Files.getOwner(dir))) {
                    view.setOwner(root.owner());
                    view.setGroup(root.group());
                }
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new IllegalStateException(
                    "cannot make the tablespace directory "
                            + dir
                            + " owned by the owner "
                            + "of tablespace-root ("
                            + e.getMessage()
                            + "); make it by hand, empty, owned by the server's "
                            + "user",
                    e);
        }
        return dir;
    }

    private void removeDirectory(String tablespace) {
        try {
            Files.deleteIfExists(target.storageRoot().resolve(tablespace));
        } catch (IOException e) {
            // Not empty or not ours: left for the user; PostgreSQL refuses a non-empty one at the
            // next create.
        }
    }

    private static String literal(Path path) {
        String text = path.toString();
        if (!SAFE_PATH.matcher(text).matches()) {
            throw new IllegalStateException("unsafe path for a tablespace location: " + text);
        }
        return "'" + text + "'";
    }
}
