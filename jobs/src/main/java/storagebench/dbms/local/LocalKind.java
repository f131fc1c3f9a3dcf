package storagebench.dbms.local;

import java.nio.file.Path;
import storagebench.config.ConfigNode;
import storagebench.dbms.Kind;
import storagebench.dbms.Target;
import storagebench.dbms.TargetKind;

/** A directory on this host's disk: {@code directory}, by default {@code <data-dir>/work}. */
public final class LocalKind implements Kind {

    @Override
    public TargetKind kind() {
        return TargetKind.LOCAL;
    }

    @Override
    public Target read(ConfigNode node, Path dataDir) {
        return LocalTarget.read(node, dataDir);
    }
}
