package storagebench.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import storagebench.dbms.TargetKind;

/**
 * The part of the workload contract that needs no server, for every workload × kind entry of the
 * registry (SQL Server's too): the entry gives an implementation of that workload, found by its
 * name, whose parameters each have one name, a doc and a default that parses. What needs the target
 * running is in {@link WorkloadsOnEveryKindIT} for every entry (set-up, a measured step with the
 * figures the variant makes, clean-up) and in {@link WorkloadContractTest} for the local ones (nothing
 * left behind, no direct buffer allocated while the clock runs: on a database target the driver's and
 * the embedded engine's own socket and file buffers, about 1 MB in a measured step of oltp, are part of
 * the measured work and cannot be told from a block of the workload's).
 */
class WorkloadTableTest {
    @TestFactory
    Stream<DynamicTest> everyEntryKeepsTheContract() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String name : Workloads.names()) {
            WorkloadType type = Workloads.find(name).orElseThrow();
            for (TargetKind kind : type.kinds()) {
                tests.add(
                        DynamicTest.dynamicTest(
                                name + " on " + kind.yamlName(), () -> keeps(type, kind)));
            }
        }
        assertThat(tests).as("workload × kind entries").hasSizeGreaterThanOrEqualTo(20);
        return tests.stream();
    }

    private static void keeps(WorkloadType type, TargetKind kind) {
        // when
        Workload workload = type.on(kind);
        // then: the implementation is the workload of its name, and only that name finds it
        assertThat(workload.name()).isEqualTo(type.name());
        assertThat(Workloads.find(workload.name())).containsSame(type);
        assertThat(Workloads.names()).containsOnlyOnce(workload.name());
        assertThat(Workloads.find(workload.name() + "-other")).isEmpty();
        assertThat(type.on(kind)).as("a new implementation per use").isNotSameAs(workload);
        assertThat(workload.getClass()).isEqualTo(type.on(kind).getClass());
        // every parameter has one name, a doc, and a default that parses
        var names = new HashSet<String>();
        for (Param p : workload.params()) {
            assertThat(names.add(p.name())).as("unique %s", p.name()).isTrue();
            assertThat(p.doc()).as("doc of %s", p.name()).isNotBlank();
            if (p.defaultValue() != null) {
                assertThat(p.parse(p.defaultValue())).as("default of %s", p.name()).isNotNull();
            }
        }
        assertThat(type.params(kind)).isEqualTo(workload.params());
    }
}
