package storagebench.dbms;

import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

/** The database products storagebench speaks to. */
public enum SqlDialect implements Dialect {
    POSTGRESQL("postgresql", "\"", "\"", 63) {
        @Override
        public Properties connectProperties(Duration timeout) {
            Properties p = new Properties();
            String seconds = String.valueOf(seconds(timeout));
            p.setProperty("connectTimeout", seconds);
            p.setProperty("loginTimeout", seconds);
            p.setProperty("ApplicationName", "storagebench");
            return p;
        }
    },
    H2("h2", "\"", "\"", 63) {
        @Override
        public Properties connectProperties(Duration timeout) {
            return new Properties();
        }
    },
    /** SQL Server (mssql-jdbc): identifiers in brackets, {@code ]} doubled; names up to 128, ours stay at 63. */
    SQLSERVER("sqlserver", "[", "]", 63) {
        @Override
        public Properties connectProperties(Duration timeout) {
            Properties p = new Properties();
            p.setProperty("loginTimeout", String.valueOf(seconds(timeout)));
            p.setProperty("applicationName", "storagebench");
            return p;
        }
    },
    /** Firebird 3: identifiers are at most 31 characters (Firebird 4 allows 63). */
    FIREBIRD("firebird", "\"", "\"", 31) {
        @Override
        public Properties connectProperties(Duration timeout) {
            Properties p = new Properties();
            p.setProperty("connectTimeout", String.valueOf(seconds(timeout)));
            p.setProperty("encoding", "UTF8");
            p.setProperty("processName", "storagebench");
            return p;
        }
    };

    /** Letters, digits and underscores, not starting with a digit; the length is checked per product. */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private final String product;
    private final String open;
    private final String close;
    private final int maxLength;

    SqlDialect(String product, String open, String close, int maxLength) {
        this.product = product;
        this.open = open;
        this.close = close;
        this.maxLength = maxLength;
    }

    @Override
    public String product() {
        return product;
    }

    @Override
    public String identifier(String identifier) {
        if (identifier == null || identifier.length() > maxLength || !IDENTIFIER.matcher(identifier).matches()) {
            String shown = identifier == null ? "null" : identifier.length() > 80
                    ? identifier.substring(0, 80) + "… (" + identifier.length() + " characters)" : identifier;
            throw new IllegalArgumentException("'" + shown + "' is not a valid database identifier: letters, "
                    + "digits and '_', not starting with a digit, at most " + maxLength + " characters (" + product + ")");
        }
        // Checked above, so the name holds no quote; doubling one would still keep it an identifier.
        return open + identifier.replace(close, close + close) + close;
    }

    public static int seconds(Duration timeout) {
        return (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
    }
}
