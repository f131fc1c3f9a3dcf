package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    @Test
    void factorsArePutInTheOrderTheLabelNamesThemTheOthersLast() {
        Map<String, String> factors = new LinkedHashMap<>();
        factors.put("other", "x");
        factors.put("threads", "1");
        factors.put("clients", "4");
        assertThat(SharedFactors.inOrderOf("clients=4, threads=1", factors))
                .containsExactly(
                        Map.entry("clients", "4"),
                        Map.entry("threads", "1"),
                        Map.entry("other", "x"));
    }
}
