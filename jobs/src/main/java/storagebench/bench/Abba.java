package storagebench.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Two things measured in ABBA order: pair i runs A then B when i is even, B then A when it is odd,
 * so the machine's drift (warming up, other work on a shared machine) falls on both alike. An
 * uncounted warm-up pair may go first; the load average is read before and after the counted pairs.
 */
final class Abba {
    /** Pairs a comparing bench runs unless told otherwise. */
    static final int PAIRS = 5;

    /** The two things compared. */
    enum Side {
        A,
        B
    }

    /** One of the two things, measured once; {@code pair} is its pair's index, -1 for the warm-up. */
    @FunctionalInterface
    interface Measure<T> {
        T run(int pair) throws Exception;
    }

    private Abba() {}

    /** The order within pair {@code i}. */
    static List<Side> order(int i) {
        return i % 2 == 0 ? List.of(Side.A, Side.B) : List.of(Side.B, Side.A);
    }

    /** Every measurement of {@code pairs} pairs in the order they run: A B B A A B … */
    static List<Side> schedule(int pairs) {
        List<Side> all = new ArrayList<>(2 * pairs);
        for (int i = 0; i < pairs; i++) {
            all.addAll(order(i));
        }
        return all;
    }

    /** Measures A and B over {@code pairs} pairs, after a warm-up pair (A then B) when asked. */
    static <T> Paired<T> run(int pairs, boolean warmUp, Measure<T> a, Measure<T> b)
            throws Exception {
        if (pairs < 1) {
            throw new IllegalArgumentException("at least one pair, got " + pairs);
        }
        if (warmUp) {
            a.run(-1);
            b.run(-1);
        }
        double before = LoadAverage.now();
        List<Pair<T>> measured = new ArrayList<>(pairs);
        for (int i = 0; i < pairs; i++) {
            T first = (i % 2 == 0 ? a : b).run(i);
            T second = (i % 2 == 0 ? b : a).run(i);
            measured.add(
                    i % 2 == 0
                            ? new Pair<>(false, first, second)
                            : new Pair<>(true, second, first));
        }
        return new Paired<>(measured, before, LoadAverage.now());
    }

    /** One pair's measurements, and whether B ran first. */
    record Pair<T>(boolean bFirst, T a, T b) {
        String order() {
            return bFirst ? "BA" : "AB";
        }
    }

    /** The counted pairs in the order run, and the load average before and after them. */
    record Paired<T>(List<Pair<T>> pairs, double loadBefore, double loadAfter) {
        List<T> as() {
            return pairs.stream().map(Pair::a).toList();
        }

        List<T> bs() {
            return pairs.stream().map(Pair::b).toList();
        }

        /** Each pair's ratio as {@code ratio} computes it from the pair's two measurements. */
        PairRatios ratios(ToDoubleFunction<Pair<T>> ratio) {
            return new PairRatios(
                    pairs.stream().mapToDouble(ratio).toArray(),
                    pairs.stream().map(Pair::order).toList(),
                    loadBefore,
                    loadAfter);
        }
    }
}
