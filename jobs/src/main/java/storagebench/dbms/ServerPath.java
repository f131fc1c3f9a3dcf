package storagebench.dbms;

import java.util.regex.Pattern;

/**
 * An absolute directory on a database server's host, written into SQL as a string literal (SQL Server's
 * {@code FILENAME = N'...'}, {@code TO DISK = N'...'}: statements that cannot bind it). Linux style
 * ({@code /var/opt/mssql/data}) or Windows style ({@code D:\SQLData}); only letters, digits, spaces,
 * {@code _ - .} and the separators, no {@code ..} segment, so no quote or other character that could end
 * the literal ever reaches SQL. It is the server's path: nothing is checked on this host.
 *
 * @param path the directory, without a trailing separator
 */
public record ServerPath(String path) {
    private static final String SEGMENT = "[A-Za-z0-9_. -]+";
    private static final Pattern LINUX =
            Pattern.compile("/(?:" + SEGMENT + "(?:/" + SEGMENT + ")*)?");
    private static final Pattern WINDOWS =
            Pattern.compile("[A-Za-z]:\\\\(?:" + SEGMENT + "(?:\\\\" + SEGMENT + ")*)?");

    /** A file name made by a workload: a checked identifier and an extension. */
    private static final Pattern FILE_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}");

    public ServerPath {
        String problem = problem(path);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
    }

    /** Reads a configured path, dropping a trailing separator; the exception's message says what is wrong. */
    public static ServerPath parse(String text) {
        String p = text == null ? "" : text.strip();
        if (p.length() > 1
                && (p.endsWith("/") || p.endsWith("\\"))
                && !p.matches("[A-Za-z]:\\\\")) {
            p = p.substring(0, p.length() - 1);
        }
        return new ServerPath(p);
    }

    private static String problem(String path) {
        if (path == null || path.isEmpty()) {
            return "an absolute directory on the server's host is needed, e.g. /var/opt/mssql/data or D:\\SQLData";
        }
        String shown =
                path.length() > 80
                        ? path.substring(0, 80) + "… (" + path.length() + " characters)"
                        : path;
        if (path.length() > 200) {
            return "'" + shown + "' is longer than 200 characters";
        }
        if (!LINUX.matcher(path).matches() && !WINDOWS.matcher(path).matches()) {
            return "'"
                    + shown
                    + "' must be an absolute path on the server's host (/dir/... or D:\\dir\\...) of "
                    + "letters, digits, spaces, '_', '-', '.' and one kind of separator: it is written into T-SQL "
                    + "string literals";
        }
        for (String segment : path.split("[/\\\\]")) {
            if (segment.equals("..")
                    || segment.equals(".")
                    || (!segment.isEmpty() && segment.isBlank())) {
                return "'" + shown + "' has a '" + segment + "' segment; give the directory itself";
            }
        }
        return null;
    }

    /** The separator of this path's style. */
    public char separator() {
        return path.startsWith("/") ? '/' : '\\';
    }

    /** The path of {@code fileName} in this directory. */
    public String resolve(String fileName) {
        if (fileName == null || !FILE_NAME.matcher(fileName).matches() || fileName.contains("..")) {
            throw new IllegalArgumentException("'" + fileName + "' is not a plain file name");
        }
        return path.endsWith(String.valueOf(separator()))
                ? path + fileName
                : path + separator() + fileName;
    }

    /** {@code N'<path>'}: this path itself (a backup file, say) as a T-SQL literal. */
    public String literal() {
        return "N'" + path + "'";
    }

    /** {@code N'<path>/<fileName>'}: safe to splice into T-SQL, as both parts are checked. */
    public String literal(String fileName) {
        return "N'" + resolve(fileName) + "'";
    }

    @Override
    public String toString() {
        return path;
    }
}
