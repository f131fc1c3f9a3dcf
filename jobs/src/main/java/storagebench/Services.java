package storagebench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.Function;

/**
 * A registry's entries, found through {@link ServiceLoader}: the classes listed in {@code
 * META-INF/services/<type>}, so that a registry imports none of the packages that implement it.
 */
public final class Services {
    private Services() {}

    /**
     * Each implementation of {@code type} by its {@code key}, in the order the services file lists
     * them.
     *
     * @throws IllegalStateException when two share a key
     */
    public static <K, T> Map<K, T> byKey(Class<T> type, Function<T, K> key) {
        Map<K, T> byKey = new LinkedHashMap<>();
        for (T entry : ServiceLoader.load(type, type.getClassLoader())) {
            if (byKey.putIfAbsent(key.apply(entry), entry) != null) {
                throw new IllegalStateException(
                        "two entries for "
                                + key.apply(entry)
                                + " in META-INF/services/"
                                + type.getName());
            }
        }
        return byKey;
    }
}
