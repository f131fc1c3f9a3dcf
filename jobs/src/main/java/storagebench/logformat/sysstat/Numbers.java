package storagebench.logformat.sysstat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The numbers of one line under its header's column names; a value that is not one says which. */
final class Numbers {
    private Numbers() {}

    /** Thrown for a value that is not a number: its message is the quarantine reason. */
    static final class NotANumber extends Exception {
        private static final long serialVersionUID = 1L;

        NotANumber(String column, String value) {
            super("not a number in " + column + ": '" + value + "'");
        }
    }

    /** {@code values} under {@code columns}, one for one. */
    static Map<String, Double> of(List<String> columns, List<String> values) throws NotANumber {
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            String value = values.get(i).strip();
            try {
                double number = Double.parseDouble(value);
                if (!Double.isFinite(number) || !value.matches("-?[0-9.]+(?:[eE][-+]?[0-9]+)?")) {
                    throw new NumberFormatException(value);
                }
                out.put(columns.get(i), number);
            } catch (NumberFormatException e) {
                throw new NotANumber(columns.get(i), value);
            }
        }
        return out;
    }
}
