package storagebench.compare;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import storagebench.BadInputException;

/** How {@code trend} judges a series of runs. */
public enum TrendMethod {
    /** Change points found by E-Divisive means over the run means ({@link ChangePoints}). */
    CHANGEPOINT("changepoint"),
    /** The latest run's trials against those of the runs before it (Mann–Whitney U). */
    WINDOW("window");

    private final String label;

    TrendMethod(String label) {
        this.label = label;
    }

    /** The name on the command line and in {@link Trend#method()}. */
    public String label() {
        return label;
    }

    /** The method named {@code name}, or a {@link BadInputException} naming the option and the methods. */
    public static TrendMethod of(String name) {
        String wanted = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(m -> m.label.equals(wanted))
                .findFirst()
                .orElseThrow(
                        () ->
                                new BadInputException(
                                        "--method: "
                                                + Arrays.stream(values())
                                                        .map(TrendMethod::label)
                                                        .collect(Collectors.joining(" or "))
                                                + ", got '"
                                                + name
                                                + "'"));
    }
}
