package storagebench.dbms;

import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * A database product's SQL rules: identifiers checked, then quoted with the product's quotes; the
 * driver properties that bound connecting. Each {@link DatabaseKind} has one.
 */
public final class SqlDialect implements Dialect {
    /** Letters, digits and underscores, not starting with a digit; the length is checked per product. */
    public static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    /** A connect property's value that stands for the connect-timeout in whole seconds. */
    public static final String TIMEOUT_SECONDS = "{timeout-seconds}";

    private final String product;
    private final String open;
    private final String close;
    private final int maxLength;
    private final Map<String, String> connectProperties;

    /**
     * @param product the product's name in resource files
     * @param open the opening quote of an identifier
     * @param close its closing quote
     * @param maxLength the longest identifier accepted
     * @param connectProperties the driver properties that bound connecting and name the application;
     *     {@value #TIMEOUT_SECONDS} stands for the connect-timeout
     */
    public SqlDialect(
            String product,
            String open,
            String close,
            int maxLength,
            Map<String, String> connectProperties) {
        this.product = product;
        this.open = open;
        this.close = close;
        this.maxLength = maxLength;
        this.connectProperties = Map.copyOf(connectProperties);
    }

    @Override
    public String product() {
        return product;
    }

    @Override
    public Properties connectProperties(Duration timeout) {
        Properties properties = new Properties();
        String seconds = String.valueOf(seconds(timeout));
        connectProperties.forEach(
                (key, value) ->
                        properties.setProperty(key, value.replace(TIMEOUT_SECONDS, seconds)));
        return properties;
    }

    @Override
    public String identifier(String identifier) {
        if (identifier == null
                || identifier.length() > maxLength
                || !IDENTIFIER.matcher(identifier).matches()) {
            String shown =
                    identifier == null
                            ? "null"
                            : identifier.length() > 80
                                    ? identifier.substring(0, 80)
                                            + "… ("
                                            + identifier.length()
                                            + " characters)"
                                    : identifier;
            throw new IllegalArgumentException(
                    "'"
                            + shown
                            + "' is not a valid database identifier: letters, "
                            + "digits and '_', not starting with a digit, at most "
                            + maxLength
                            + " characters ("
                            + product
                            + ")");
        }
        // Checked above, so the name holds no quote; doubling one would still keep it an
        // identifier.
        return open + identifier.replace(close, close + close) + close;
    }

    /** Whole seconds, rounded up, at least 1: what drivers take as a timeout. */
    public static int seconds(Duration timeout) {
        return (int) Math.max(1, (timeout.toMillis() + 999) / 1000);
    }

    @Override
    public String toString() {
        return product;
    }
}
