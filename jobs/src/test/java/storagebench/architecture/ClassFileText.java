package storagebench.architecture;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * A condition on the text a class file holds (its string constants): for libraries that bring
 * resources, not classes, which a class uses by naming their path.
 */
final class ClassFileText {
    /** ECharts' one file, taken out of its webjar at build time ({@code html/echarts.min.js}). */
    static final String ECHARTS = "echarts.min.js";

    private ClassFileText() {}

    static ArchCondition<JavaClass> mention(String text) {
        return new ArchCondition<>("mention '" + text + "'") {
            @Override
            public void check(JavaClass item, ConditionEvents events) {
                boolean found = text(item).contains(text);
                events.add(
                        new SimpleConditionEvent(
                                item,
                                found,
                                item.getName()
                                        + (found ? " mentions '" : " does not mention '")
                                        + text
                                        + "'"));
            }
        };
    }

    private static String text(JavaClass item) {
        var source = item.getSource();
        if (source.isEmpty()) {
            return "";
        }
        try (InputStream in = source.get().getUri().toURL().openStream()) {
            return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(item.getName() + ": cannot read its class file", e);
        }
    }
}
