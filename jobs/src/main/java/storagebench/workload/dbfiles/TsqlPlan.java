package storagebench.workload.dbfiles;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import storagebench.workload.Phase;

/**
 * The T-SQL a trial runs, step by step, built before it runs from its parameters alone (and, for a
 * restore, the backup's file list): the steps execute exactly these statements, and the golden tests
 * compare {@link #render()} with files under {@code src/test/resources/golden/sqlserver/}.
 */
public final class TsqlPlan {
    /** The statements of one step. */
    public record Part(String step, Phase phase, List<String> statements) {}

    private final List<Part> parts = new ArrayList<>();

    public TsqlPlan add(String step, Phase phase, List<String> statements) {
        parts.add(new Part(step, phase, List.copyOf(statements)));
        return this;
    }

    public List<Part> parts() {
        return List.copyOf(parts);
    }

    /** The statements of {@code step} in {@code phase}. */
    public List<String> statements(String step, Phase phase) {
        return parts.stream()
                .filter(p -> p.step().equals(step) && p.phase() == phase)
                .findFirst()
                .map(Part::statements)
                .orElseThrow(
                        () ->
                                new IllegalStateException(
                                        "no " + phase + " step " + step + " in the plan"));
    }

    /** Each step as {@code -- step: NAME (phase)}, then its statements, each followed by GO as in sqlcmd. */
    public String render() {
        StringBuilder out = new StringBuilder();
        for (Part part : parts) {
            out.append("-- step: ")
                    .append(part.step())
                    .append(" (")
                    .append(part.phase().name().toLowerCase(Locale.ROOT))
                    .append(")\n");
            for (String sql : part.statements()) {
                out.append(sql).append("\nGO\n");
            }
        }
        return out.toString();
    }
}
