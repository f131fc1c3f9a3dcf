package storagebench.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

/** The layer rule of {@link ArchitectureTest} fails on an upward import (the fixture's config uses its cli). */
class LayerRuleTest {
    @Test
    void anUpwardImportIsCaught() {
        // given: fixture packages named as storagebench's, config importing cli
        var classes = new ClassFileImporter().importPackages("storagebench.architecture.fixture");
        // when / then
        assertThatThrownBy(() -> Layers.under("storagebench.architecture.fixture").check(classes))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Reader")
                .hasMessageContaining("Command");
    }
}
