package storagebench.require;

import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * {@link Needs} on the class or method being run: disabled (skipped, with the reason) when one is
 * missing, failed when that one is promised by {@code -Dstoragebench.require}. The failure is thrown
 * from the condition: JUnit fails the class or method with it as it is.
 */
final class NeedsExtension implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        Requirement[] needs =
                context.getElement()
                        .flatMap(element -> AnnotationSupport.findAnnotation(element, Needs.class))
                        .map(Needs::value)
                        .orElse(new Requirement[0]);
        // read first, so that a name it does not know fails whether or not anything is missing
        var promised = Requirement.promisedByThisRun();
        String skipped = null;
        for (Requirement need : needs) {
            Optional<String> why = need.whyMissing();
            if (why.isPresent() && promised.contains(need)) {
                throw need.failure(why.get(), null);
            }
            if (why.isPresent() && skipped == null) {
                skipped = need.skipReason(why.get());
            }
        }
        if (skipped != null) {
            return ConditionEvaluationResult.disabled(skipped);
        }
        return ConditionEvaluationResult.enabled("nothing it needs is missing");
    }
}
