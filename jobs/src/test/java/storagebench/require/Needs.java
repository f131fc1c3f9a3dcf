package storagebench.require;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a test class or test method needs from outside its JVM, e.g.
 * {@code @Needs(Requirement.POSTGRES)} or {@code @Needs({Requirement.CLUSTER, Requirement.NETNS})}.
 * Each is probed before the class or method runs: all present, it runs; one missing, it is skipped
 * with the reason, or fails, naming what is missing, why and how .ci/run provides it, when the run
 * names that one in {@code -Dstoragebench.require} (CI does: see .ci/run).
 *
 * <p>A test that finds out only while running calls the {@link Requirement} itself, with the same
 * outcome: {@code Requirement.FIREBIRD.check()} in a parameterised case whose kinds need different
 * servers; {@code throw Requirement.HDFS.missing("MiniDFSCluster did not start: " + e, e)} when
 * something the test starts itself does not come up.
 */
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(NeedsExtension.class)
public @interface Needs {
    Requirement[] value();
}
