package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.ServerDatabases;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlScript;

/**
 * A multi-file Firebird database per trial under the target's database-root: the primary file
 * {@code <name>.fdb} holds pages 0 to S-1, secondary file i ({@code <name>.s00i}) starts at page i×S
 * (S = file-size in pages); the last file grows as needed. Firebird fills its files in sequence, one
 * after the other, not in proportion as SQL Server fills a filegroup's.
 *
 * <p>The value inserted is 8,000 pseudo-random letters and digits (fixed seed), not the seed's 'Sr.
 * Nimbus' padded with spaces: Firebird compresses records (run-length), so a padded CHAR(8000) would
 * take a few hundred bytes and many rows would share a page; this value does not compress, so each row
 * takes one 8 KiB page, as on SQL Server.
 */
final class FirebirdFilegroup implements TrialStorage {
    static final int PAGE_SIZE = 8192;

    /** The primary file's pages after CREATE DATABASE and the table (about 180): a secondary file starts after them. */
    static final long MIN_FILE_PAGES = 256;

    static final String TEXT = incompressible(8000);
    private final DatabaseTarget target;
    private final ServerDatabases server;
    private final SqlScript sql;
    private final String name;
    private final int files;
    private final long filePages;

    FirebirdFilegroup(DatabaseTarget target, String name, int files, long fileBytes) {
        this.target = target;
        this.server = databases(target);
        this.sql = target.dialect().script(DatabaseFilegroupInsert.FOLDER);
        this.name = name;
        this.files = files;
        this.filePages = fileBytes / PAGE_SIZE;
    }

    static String trialUrl(DatabaseTarget target, String name) {
        return databases(target).url(primary(target, name).toString(), "");
    }

    private static ServerDatabases databases(DatabaseTarget target) {
        return ServerDatabases.of(target, "filegroup-insert");
    }

    private static Path primary(DatabaseTarget target, String name) {
        return target.storageRoot().resolve(name + ".fdb");
    }

    private Path file(int i) {
        return i == 0
                ? primary(target, name)
                : target.storageRoot().resolve(name + String.format(".s%03d", i));
    }

    @Override
    public Connection create() throws SQLException {
        drop();
        return TrialStorage.setUp(
                target.connect(
                        server.url(
                                file(0).toString(),
                                "createDatabaseIfNotExist=true&page_size=" + PAGE_SIZE)),
                c -> {
                    try (Statement s = c.createStatement()) {
                        c.setAutoCommit(true);
                        for (int i = 1; i < files; i++) {
                            s.execute(
                                    sql.sql(
                                            "add-file",
                                            Map.of(
                                                    "file",
                                                    literal(file(i)),
                                                    "start",
                                                    String.valueOf(i * filePages))));
                        }
                        s.execute(
                                sql.sql(
                                        "create-table",
                                        Map.of("table", target.dialect().identifier(name))));
                    }
                });
    }

    @Override
    public String text() {
        return TEXT;
    }

    @Override
    public String relations() {
        return "^" + name + "$";
    }

    /** Nothing: with forced writes on, each commit has written its pages. */
    @Override
    public Map<String, Double> finish(Connection c) {
        return Map.of();
    }

    /** Pages per file, from where each file starts and the database's page count; bytes on disk. */
    @Override
    public Map<String, Double> report(Connection c) throws SQLException {
        long pages;
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("pages"))) {
            rs.next();
            pages = rs.getLong(1);
        }
        List<Long> starts = new ArrayList<>(List.of(0L));
        try (Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.sql("file-starts"))) {
            while (rs.next()) {
                starts.add(rs.getLong(1));
            }
        }
        Map<String, Double> figures = new LinkedHashMap<>();
        figures.put("files", (double) starts.size());
        figures.put("pages", (double) pages);
        figures.put("page_size", (double) PAGE_SIZE);
        double bytes = 0;
        for (int i = 0; i < starts.size(); i++) {
            long end = i + 1 < starts.size() ? Math.min(pages, starts.get(i + 1)) : pages;
            String key = String.format("file_%03d", i + 1);
            figures.put(key + "_pages", (double) Math.max(0, end - starts.get(i)));
            try {
                long size = Files.size(file(i));
                bytes += size;
                figures.put(key + "_bytes", (double) size);
            } catch (IOException e) {
                // not readable from here: the pages say it
            }
        }
        figures.put("file_bytes", bytes);
        return figures;
    }

    /**
     * Drops the trial's database if it exists (disconnecting whoever is still attached to it: an
     * interrupted trial's connection), then removes any of its files still there (secondary files whose
     * primary is gone).
     */
    @Override
    public void drop() throws SQLException {
        server.dropIfExists(file(0).toString());
        Pattern mine = Pattern.compile(Pattern.quote(name) + "\\.(fdb|s[0-9]{3,})");
        try (Stream<Path> left = Files.list(target.storageRoot())) {
            for (Path f :
                    left.filter(f -> mine.matcher(f.getFileName().toString()).matches()).toList()) {
                Files.deleteIfExists(f);
            }
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot remove the files of database "
                            + name
                            + " in "
                            + target.storageRoot()
                            + " ("
                            + e.getMessage()
                            + "); remove them by hand",
                    e);
        }
    }

    private static String literal(Path path) {
        try {
            return "'" + new ServerPath(path.toString()).path() + "'";
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("unsafe path for a database file: " + path, e);
        }
    }

    private static String incompressible(int length) {
        String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
        Random random = new Random(1);
        StringBuilder text = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
