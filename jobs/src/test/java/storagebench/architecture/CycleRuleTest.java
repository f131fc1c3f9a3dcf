package storagebench.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/**
 * The cycle rule of {@link ArchitectureTest} fails on an upward import (the fixture has one) and on a
 * package and its sub-package importing each other.
 */
class CycleRuleTest {
    @Test
    void anUpwardImportIsCaught() {
        // given: two packages that import each other
        var classes = new ClassFileImporter().importPackages("storagebench.architecture.fixture");
        // when / then
        assertThatThrownBy(
                        () ->
                                ArchitectureTest.noCyclesBelow("storagebench.architecture.fixture")
                                        .check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected");
    }

    @Test
    void aRegistryNamingItsSubPackageWhichNamesItBackIsCaught() {
        // given: a package and its own sub-package that import each other
        var classes = new ClassFileImporter().importPackages("storagebench.architecture.nested");
        // when / then
        assertThatThrownBy(
                        () ->
                                ArchitectureTest.noCyclesBelow("storagebench.architecture")
                                        .check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Slice nested ->")
                .hasMessageContaining("Slice nested.impl ->");
    }
}
