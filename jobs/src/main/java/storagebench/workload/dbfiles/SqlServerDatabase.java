package storagebench.workload.dbfiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import storagebench.config.Values;
import storagebench.dbms.ServerPath;
import storagebench.dbms.SqlScript;
import storagebench.dbms.TargetKind;

/**
 * A SQL Server database whose files a workload places under the target's file-root: the T-SQL that makes,
 * grows and drops it ({@code workloads/database/sqlserver.sql}), built from checked parts only. File
 * {@code i} of database {@code x} is logical {@code x_data001}, physical {@code <root>/x_data001.mdf} (the
 * first) or {@code .ndf}; the log {@code x_log}, {@code <root>/x_log.ldf}.
 *
 * @param name the database, a checked identifier
 * @param root where its files go on the server's host
 */
public record SqlServerDatabase(String name, ServerPath root) {
    /** SQL Server's limits: a data file, a log file, files per database. */
    public static final long MAX_DATA_FILE = 16L << 40;

    public static final long MAX_LOG_FILE = 2L << 40;
    public static final int MAX_FILES = 32_767;
    static final String FOLDER = "workloads/database";
    private static final SqlScript SQL = TargetKind.SQLSERVER.dialect().script(FOLDER);

    /** @throws IllegalArgumentException when {@code name} is not a valid identifier */
    public SqlServerDatabase {
        TargetKind.SQLSERVER.dialect().identifier(name);
    }

    /** The bracketed name. */
    public String quoted() {
        return TargetKind.SQLSERVER.dialect().identifier(name);
    }

    public String dataFile(int i) {
        return name + "_data" + String.format("%03d", i);
    }

    public String logFile() {
        return name + "_log";
    }

    /** File {@code i} of the filegroup made by {@link #filegroup}. */
    public String filegroupFile(int i) {
        return name + "_fg" + String.format("%03d", i);
    }

    /** Ends other sessions and drops the database if it exists: two statements, safe when it does not. */
    public List<String> drop() {
        return List.of(SQL.sql("single-user", names()), SQL.sql("drop", names()));
    }

    /**
     * CREATE DATABASE with {@code files} data files of {@code fileSize} in PRIMARY, none growing by itself,
     * and a log of {@code logSize} growing by {@code logGrowth} (0: not at all).
     */
    public String create(int files, long fileSize, long logSize, long logGrowth) {
        return create(files, fileSize, 0, logSize, logGrowth);
    }

    /** CREATE DATABASE as {@link #create(int, long, long, long)}, the data files growing by {@code dataGrowth}. */
    public String create(int files, long fileSize, long dataGrowth, long logSize, long logGrowth) {
        List<String> data = new ArrayList<>();
        for (int i = 1; i <= files; i++) {
            data.add(fileSpec(dataFile(i), i == 1 ? ".mdf" : ".ndf", fileSize, dataGrowth));
        }
        return SQL.sql(
                "create",
                Map.of(
                        "database",
                        quoted(),
                        "data-files",
                        String.join(",\n    ", data),
                        "log-file",
                        fileSpec(logFile(), ".ldf", logSize, logGrowth)));
    }

    /** ALTER DATABASE … MODIFY FILE: data file {@code i} grown to {@code size}. */
    public String grow(int i, long size) {
        return SQL.sql(
                "modify-file",
                Map.of("database", quoted(), "logical", dataFile(i), "size", size(size)));
    }

    /** The seed-001 filegroup: ADD FILEGROUP, one ADD FILE per file, made the default. */
    public List<String> filegroup(String filegroup, int files, long fileSize) {
        String fg = TargetKind.SQLSERVER.dialect().identifier(filegroup);
        List<String> sql = new ArrayList<>();
        sql.add(SQL.sql("add-filegroup", Map.of("database", quoted(), "filegroup", fg)));
        for (int i = 1; i <= files; i++) {
            String file = fileSpec(filegroupFile(i), ".ndf", fileSize, 0);
            sql.add(
                    SQL.sql(
                            "add-file",
                            Map.of("database", quoted(), "file", file, "filegroup", fg)));
        }
        sql.add(SQL.sql("default-filegroup", Map.of("database", quoted(), "filegroup", fg)));
        return sql;
    }

    public String simpleRecovery() {
        return SQL.sql("simple-recovery", Map.of("database", quoted()));
    }

    /** The query of the server's Instant File Initialization state: one row, Y or N. */
    public static String ifiQuery() {
        return SQL.sql("ifi");
    }

    /** {@code (NAME = N'…', FILENAME = N'<root>/…', SIZE = …, FILEGROWTH = …)}. */
    String fileSpec(String logical, String extension, long size, long growth) {
        return SQL.sql(
                "file",
                Map.of(
                        "logical",
                        logical,
                        "path",
                        root.literal(logical + extension),
                        "size",
                        size(size),
                        "growth",
                        growth == 0 ? "0" : size(growth)));
    }

    private Map<String, String> names() {
        return Map.of("database", quoted(), "name", name);
    }

    /**
     * A size as T-SQL writes it: whole MB when it is, else whole KB.
     *
     * @throws IllegalArgumentException when it is not a whole number of KB
     */
    public static String size(long bytes) {
        if (bytes % (1L << 20) == 0) {
            return (bytes >> 20) + "MB";
        }
        if (bytes % 1024 == 0) {
            return (bytes >> 10) + "KB";
        }
        throw new IllegalArgumentException(
                Values.formatSize(bytes) + " is not a whole number of KB");
    }

    /** A value from the server (a logical file name in a backup) as an N'...' literal, quotes doubled. */
    public static String literal(String value) {
        return "N'" + value.replace("'", "''") + "'";
    }

    /**
     * Why SQL Server would refuse these sizes, or null: {@code key} names the parameter in the message.
     */
    public static String sizeProblem(String key, long bytes, boolean log) {
        long max = log ? MAX_LOG_FILE : MAX_DATA_FILE;
        if (bytes > max) {
            return key
                    + ": "
                    + Values.formatSize(bytes)
                    + " is above SQL Server's limit of "
                    + Values.formatSize(max)
                    + " for a "
                    + (log ? "log" : "data")
                    + " file";
        }
        if (bytes < 1L << 20) {
            return key
                    + ": "
                    + Values.formatSize(bytes)
                    + " is below 1MB, the smallest file this workload makes";
        }
        if (bytes % 1024 != 0) {
            return key + ": " + Values.formatSize(bytes) + " is not a whole number of KB";
        }
        return null;
    }
}
