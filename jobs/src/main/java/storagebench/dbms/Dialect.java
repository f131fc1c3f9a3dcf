package storagebench.dbms;

import java.time.Duration;
import java.util.Properties;

/**
 * What differs between database products, kept small: the product's name (also the name of its SQL
 * resource files), where its SQL lives, how identifiers are checked and quoted, and how a
 * connection is bounded in time. Everything else is SQL in resource files.
 */
public interface Dialect {

    /** The product's name in resource files: {@code postgresql}, {@code h2}, {@code sqlserver}, {@code firebird}. */
    String product();

    /**
     * The SQL of {@code folder} for this product: {@code <folder>/<product>.sql} over {@code
     * <folder>/generic.sql}, statement by statement (e.g. {@code workloads/filegroup-insert}).
     *
     * @throws IllegalStateException when neither exists
     */
    default SqlScript script(String folder) {
        return SqlScript.load(folder, product());
    }

    /**
     * An identifier built from config (a database, table, file or tablespace name), checked and quoted.
     *
     * @throws IllegalArgumentException when the name is not {@code [A-Za-z_][A-Za-z0-9_]*} or longer than the
     *     product allows (63; Firebird 3: 31)
     */
    String identifier(String name);

    /** Driver properties that bound connecting (and logging in) to {@code timeout}. */
    Properties connectProperties(Duration timeout);
}
