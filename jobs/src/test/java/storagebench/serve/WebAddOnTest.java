package storagebench.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;

class WebAddOnTest {
    @Test
    void isPresentWhereTheBuildsClassPathHasTheWebStack() {
        // when, then
        assertThat(WebAddOn.present(WebAddOn.class.getClassLoader())).isTrue();
        assertThatNoException().isThrownBy(() -> WebAddOn.require("serve"));
    }

    @Test
    void isMissingFromAClassPathWithoutIt() throws Exception {
        // given: a class loader with the JDK's classes only, as the jar without the add-on has none
        // of the web stack's
        try (URLClassLoader bare = new URLClassLoader(new URL[0], null)) {
            // when, then
            assertThat(WebAddOn.present(bare)).isFalse();
        }
    }

    @Test
    void refusalNamesTheCommandTheAddOnAndHowToAddIt() throws Exception {
        try (URLClassLoader bare = new URLClassLoader(new URL[0], null)) {
            // when, then: a command that needs it asks where it is missing
            assertThatThrownBy(() -> WebAddOn.require(bare, "serve"))
                    .isInstanceOf(BadInputException.class)
                    .hasMessageStartingWith("serve needs the web add-on")
                    .hasMessageContaining("jobs/target/addons/web")
                    .hasMessageContaining("LOADER_PATH");
        }
    }
}
