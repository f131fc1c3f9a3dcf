package storagebench.architecture.nested;

import storagebench.architecture.nested.impl.Entry;

/** A registry that names its entries, each of which names the registry back: a cycle one level down. */
public final class Registry {
    static final Entry ONLY = new Entry();

    public static String name() {
        return "registry";
    }
}
