package storagebench.report;

import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Which variants a factor is compared across: those alike in every other factor, except the factors
 * that follow from it. A factor {@code g} follows from {@code f} when every value of {@code f} comes
 * with one value of {@code g} only, as in a {@code zip} group (files 5 with 200MB, 50, 100 and 500
 * with 20MB): comparing the files holds nothing else fixed that could be held.
 */
public final class FactorSlices {
    private final Collection<Map<String, String>> variants;
    private final Map<String, Set<String>> following = new HashMap<>();

    private FactorSlices(Collection<Map<String, String>> variants) {
        this.variants = variants;
    }

    /**
     * The slices among {@code variants} (each variant's factors), which factors follow from which
     * found once per factor: a caller keys each of many variants.
     */
    public static FactorSlices among(Collection<Map<String, String>> variants) {
        return new FactorSlices(variants);
    }

    /** The key of the variants {@code factors} is compared with in {@code factor}. */
    public Map<String, String> key(Map<String, String> factors, String factor) {
        Set<String> follow = following.computeIfAbsent(factor, f -> following(f, variants));
        Map<String, String> key = new LinkedHashMap<>(factors);
        key.remove(factor);
        key.keySet().removeAll(follow);
        return key;
    }

    /** The factors whose value each value of {@code factor} fixes, among the variants. */
    static Set<String> following(String factor, Collection<Map<String, String>> variants) {
        Set<String> others = new LinkedHashSet<>();
        variants.forEach(v -> others.addAll(v.keySet()));
        others.remove(factor);
        Set<String> follow = new LinkedHashSet<>();
        for (String other : others) {
            Map<String, String> seen = new HashMap<>();
            boolean fixed = true;
            for (Map<String, String> v : variants) {
                String f = v.get(factor);
                String g = v.get(other);
                if (f != null && g != null) {
                    String before = seen.putIfAbsent(f, g);
                    fixed &= before == null || before.equals(g);
                }
            }
            // a factor with one value follows from anything, and holding it fixed costs nothing
            if (fixed && new LinkedHashSet<>(seen.values()).size() > 1) {
                follow.add(other);
            }
        }
        return follow;
    }
}
