package storagebench.require;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Every integration test that reaches the shared database servers through their environment
 * ({@code PostgresEnv}, {@code FirebirdEnv}, {@code SqlServerEnv}) holds {@link SharedServers}' lock,
 * so that none of them meets another on the server: the integration tests run in three JVMs at
 * once. Two make a database of their own on PostgreSQL and drop it after, and share nothing there.
 */
class SharedServersRuleTest {
    private static final Set<String> ENVIRONMENTS =
            Set.of(
                    "storagebench.dbms.PostgresEnv",
                    "storagebench.dbms.FirebirdEnv",
                    "storagebench.dbms.SqlServerEnv");

    private static final DescribedPredicate<JavaClass> REACH_THE_SHARED_SERVERS =
            DescribedPredicate.describe(
                    "reach the shared servers through their environment",
                    test ->
                            test.getDirectDependenciesFromSelf().stream()
                                    .anyMatch(
                                            d ->
                                                    ENVIRONMENTS.contains(
                                                            d.getTargetClass().getName())));

    @Test
    void everyTestOnTheSharedServersHoldsTheirLock() {
        JavaClasses tests =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                        .importPackages("storagebench");
        classes()
                .that()
                .haveSimpleNameEndingWith("IT")
                .and()
                .areTopLevelClasses()
                .and(REACH_THE_SHARED_SERVERS)
                .and()
                .doNotHaveSimpleName("ServeClusterIT")
                .and()
                .doNotHaveSimpleName("ServeFleetIT")
                .should()
                .beAnnotatedWith(SharedServers.class)
                .because("a test on the shared database servers runs alone on them")
                .check(tests);
    }
}
