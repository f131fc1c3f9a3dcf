package storagebench.workload;

import java.util.List;

/**
 * A variant's parameter values that cannot go together (a block larger than its file, sizes whose
 * product does not fit in a long): names the parameter to blame, so the loader can give its file,
 * line and key.
 */
public class ParamException extends IllegalArgumentException {
    private final String param;

    public ParamException(String param, String reason) {
        super(reason);
        this.param = param;
    }

    /** The parameter whose value is blamed. */
    public String param() {
        return param;
    }

    /**
     * Runs {@link Workload#check} on each variant for a caller that did not load them (a preflight, a
     * bench): a problem is bad input named by the workload.
     */
    public static void checkAll(Workload workload, List<Params> variants) {
        for (Params variant : variants) {
            try {
                workload.check(variant);
            } catch (ParamException e) {
                throw new storagebench.BadInputException(workload.name() + ": " + e.getMessage());
            }
        }
    }

    /** {@code a × b}, or a ParamException blaming {@code param} when the product is more than a long holds. */
    public static long multiply(long a, long b, String param, String what) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            throw new ParamException(
                    param,
                    what + " is more than 8 EiB: " + a + " × " + b + " does not fit in 64 bits");
        }
    }
}
