package storagebench.architecture.nested.impl;

import storagebench.architecture.nested.Registry;

/** An entry of {@link Registry} that reads it back. */
public final class Entry {
    public String registry() {
        return Registry.name();
    }
}
