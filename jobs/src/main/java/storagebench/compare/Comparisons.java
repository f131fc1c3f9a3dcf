package storagebench.compare;

import java.nio.file.Path;
import java.util.List;

/** Comparisons of a dataset's measured trials (see {@link Comparison}). */
public final class Comparisons {
    private Comparisons() {}

    /**
     * The comparisons the request asks for, in plan order.
     *
     * @param parquetRoot the dataset
     */
    public static List<Comparison> of(Path parquetRoot, CompareRequest request) {
        return List.of();
    }
}
