package storagebench.require;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test class that uses the shared database servers' own databases, roles, tablespaces or settings
 * (PostgreSQL, Firebird, SQL Server): no two such classes run at once, in any of the build's test
 * JVMs. The integration tests run in three JVMs side by side; each class carrying this holds an
 * exclusive lock on one file in the temporary folder from before its first test to after its last,
 * and the others wait for it. A test that makes a database of its own and drops it shares nothing
 * on the server and does not need this.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(SharedServersLock.class)
public @interface SharedServers {}
