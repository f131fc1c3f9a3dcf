package storagebench.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import storagebench.workload.WorkloadType;

/**
 * A workload's package ({@code workload/<name>/}, the one holding its {@link WorkloadType}) uses no other
 * workload's package: what two workloads share lives in a common package under {@code workload/}
 * ({@code sampling}, {@code process}, {@code dbfiles}), which holds no workload.
 */
class WorkloadPackagesTest {
    private static final JavaClasses MAIN =
            new ClassFileImporter()
                    .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages("storagebench.workload");

    private static Set<String> workloadPackages() {
        return MAIN.stream()
                .filter(c -> c.isAssignableTo(WorkloadType.class) && !c.isInterface())
                .map(JavaClass::getPackageName)
                .filter(p -> p.startsWith("storagebench.workload."))
                .collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void everyWorkloadHasAPackageOfItsOwn() {
        assertThat(workloadPackages())
                .containsExactlyInAnyOrder(
                        "storagebench.workload.command",
                        "storagebench.workload.filegroup",
                        "storagebench.workload.fileinit",
                        "storagebench.workload.fileio",
                        "storagebench.workload.oltp",
                        "storagebench.workload.restore");
    }

    @Test
    void noWorkloadsPackageUsesAnothers() {
        // given
        Set<String> workloads = workloadPackages();
        // when: every use of one workload's package by a class of another
        Set<String> crossings = new TreeSet<>();
        for (JavaClass c : MAIN) {
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String used = d.getTargetClass().getPackageName();
                if (workloads.contains(used) && !used.equals(c.getPackageName())) {
                    crossings.add(c.getName() + " -> " + d.getTargetClass().getName());
                }
            }
        }
        // then
        assertThat(crossings).isEmpty();
    }
}
