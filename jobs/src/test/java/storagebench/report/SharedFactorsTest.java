package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SharedFactorsTest {
    @Test
    void labelsAloneShareTheirCommonPartsUnlessAPartIsNotAFactor() {
        // given: two pgbench logs' series, and labels that cannot be split into factors
        List<String> two =
                List.of("clients=1, scale=2, version=15.18", "clients=4, scale=2, version=15.18");

        // then
        assertThat(SharedFactors.sharedParts(two)).containsExactly("scale=2", "version=15.18");
        assertThat(SharedFactors.without(two.get(1), SharedFactors.sharedParts(two)))
                .isEqualTo("clients=4");
        assertThat(SharedFactors.sharedParts(List.of("init=zero"))).containsExactly("init=zero");
        assertThat(SharedFactors.without("init=zero", List.of("init=zero"))).isEmpty();
        assertThat(SharedFactors.sharedParts(List.of("default", "default"))).isEmpty();
        assertThat(SharedFactors.sharedParts(List.of("mode=a, b, scale=2", "mode=c, scale=2")))
                .isEmpty();
        assertThat(SharedFactors.without("mode=a", List.of())).isEqualTo("mode=a");
    }
}
