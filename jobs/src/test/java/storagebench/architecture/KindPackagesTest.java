package storagebench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A target kind's package ({@code dbms/<kind>/}) is its own: the application finds each kind through
 * {@link java.util.ServiceLoader} and reaches what differs per kind through capabilities ({@code
 * Target.as}: {@code LocalFolder}, {@code ServerDatabases}; {@code DatabaseKind}), never by importing a
 * kind's package (docs/code-map.md, "How to add a database").
 */
class KindPackagesTest {
    private static final Pattern KIND_PACKAGE =
            Pattern.compile("storagebench\\.dbms\\.([a-z0-9]+).*");

    private static final JavaClasses MAIN =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("storagebench");

    private static Optional<String> kindOf(String packageName) {
        Matcher m = KIND_PACKAGE.matcher(packageName);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private static String topLevel(JavaClass c) {
        String name = c.getName();
        int dollar = name.indexOf('$');
        return dollar < 0 ? name : name.substring(0, dollar);
    }

    @Test
    void nothingOutsideAKindsPackageImportsIt() {
        // when: every class that uses a class of a kind's package it is not in
        Set<String> outsiders = new TreeSet<>();
        for (JavaClass c : MAIN) {
            Optional<String> own = kindOf(c.getPackageName());
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                Optional<String> used = kindOf(d.getTargetClass().getPackageName());
                if (used.isPresent() && !used.equals(own)) {
                    outsiders.add(topLevel(c));
                }
            }
        }
        // then: none
        assertThat(outsiders).isEmpty();
    }

    @Test
    void theRuleSeesAnImportOfAKindsPackage() {
        // given: the kinds' own classes depend on their package, the generic package on none
        assertThat(kindOf("storagebench.dbms.postgres")).contains("postgres");
        assertThat(kindOf("storagebench.dbms.sqlserver.x")).contains("sqlserver");
        assertThat(kindOf("storagebench.dbms")).isEmpty();
        assertThat(kindOf("storagebench.workload.restore")).isEmpty();
    }
}
