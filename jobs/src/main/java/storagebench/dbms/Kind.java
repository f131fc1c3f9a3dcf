package storagebench.dbms;

import java.nio.file.Path;
import storagebench.config.ConfigNode;

/**
 * What one kind of target knows about itself: how it is written under {@code target:}. A database
 * kind knows more ({@link DatabaseKind}). Each kind lives in its own package, names its constant of
 * {@link TargetKind}, and is found through {@link java.util.ServiceLoader} by one line in {@code
 * META-INF/services/storagebench.dbms.Kind}, so that this package imports none of them.
 */
public interface Kind {

    /** The constant of the registry this kind implements. */
    TargetKind kind();

    /** Reads this kind's keys from the {@code target:} mapping (kind already read). */
    Target read(ConfigNode node, Path dataDir);
}
