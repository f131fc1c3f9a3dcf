package storagebench.target;

import java.time.Duration;
import java.util.Properties;
import java.util.regex.Pattern;

/** The database products storagebench speaks to. */
public enum SqlDialect implements Dialect {
    POSTGRESQL("postgresql", "\"", "\"") {
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
    H2("h2", "\"", "\"") {
        @Override
        public Properties connectProperties(Duration timeout) {
            return new Properties();
        }
    },
    /** SQL Server (mssql-jdbc): identifiers in brackets, {@code ]} doubled; names up to 128, ours stay at 63. */
    SQLSERVER("sqlserver", "[", "]") {
        @Override
        public Properties connectProperties(Duration timeout) {
            Properties p = new Properties();
            p.setProperty("loginTimeout", String.valueOf(seconds(timeout)));
            p.setProperty("applicationName", "storagebench");
            return p;
        }
    };

    /** Letters, digits and underscores, not starting with a digit, at most 63 (PostgreSQL's limit). */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
    private final String product;
    private final String open;
    private final String close;

    SqlDialect(String product, String open, String close) {
        this.product = product;
        this.open = open;
        this.close = close;
    }

    @Override
    public String product() {
        return product;
    }

    @Override
    public String identifier(String identifier) {
        if (identifier == null || !IDENTIFIER.matcher(identifier).matches()) {
            String shown = identifier == null ? "null" : identifier.length() > 80
                    ? identifier.substring(0, 80) + "… (" + identifier.length() + " characters)" : identifier;
            throw new IllegalArgumentException("'" + shown + "' is not a valid database identifier: letters, "
                    + "digits and '_', not starting with a digit, at most 63 characters");
        }
        // Checked above, so the name holds no quote; doubling one would still keep it an identifier.
        return open + identifier.replace(close, close + close) + close;
    }

    static int seconds(Duration timeout) {
        return (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
    }
}
