package storagebench.dbms;

import java.nio.file.Path;
import storagebench.config.ConfigNode;

/**
 * What one kind of target knows about itself: how it is written under {@code target:}. A database
 * kind knows more ({@link DatabaseKind}). Each kind lives in its own package and is registered by one
 * line in {@link TargetKind}.
 */
public interface Kind {

    /** Reads this kind's keys from the {@code target:} mapping (kind already read). */
    Target read(ConfigNode node, Path dataDir);
}
