package storagebench.dbms.h2;

import java.nio.file.Path;
import java.util.Map;
import storagebench.config.ConfigNode;
import storagebench.dbms.DatabaseKind;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.SqlDialect;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;

/** Embedded H2 (or an H2 server): url defaults to a database file under the data directory. */
public final class H2Kind implements DatabaseKind {

    @Override
    public TargetKind kind() {
        return TargetKind.H2;
    }

    private static final SqlDialect DIALECT = new SqlDialect("h2", "\"", "\"", 63, Map.of());
    private static final String MEMORY = "jdbc:h2:mem:";

    @Override
    public SqlDialect dialect() {
        return DIALECT;
    }

    @Override
    public Target read(ConfigNode node, Path dataDir) {
        String fallback =
                "jdbc:h2:file:" + dataDir.resolve("h2").resolve("storagebench").toAbsolutePath();
        DatabaseTarget target =
                DatabaseTarget.read(node, TargetKind.H2, "jdbc:h2:", fallback, "sa", null);
        if (target.url().regionMatches(true, 0, MEMORY, 0, MEMORY.length())) {
            throw node.required("url")
                    .error(
                            "an in-memory H2 database has no storage to measure; use "
                                    + "jdbc:h2:file:PATH");
        }
        return target;
    }
}
