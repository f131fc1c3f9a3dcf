package storagebench.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The cycle rule of {@link ArchitectureTest} fails on an upward import (the fixture has one). */
class CycleRuleTest {
    @Test
    void anUpwardImportIsCaught() {
        // given: two packages that import each other
        var classes = new ClassFileImporter().importPackages("storagebench.architecture.fixture");
        // when / then
        assertThatThrownBy(
                        () ->
                                slices().matching("storagebench.architecture.fixture.(*)..")
                                        .should()
                                        .beFreeOfCycles()
                                        .check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected");
    }
}
