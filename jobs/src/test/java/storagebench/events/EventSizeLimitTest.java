package storagebench.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.BadInputException;
import storagebench.config.Settings;
import storagebench.sink.TestEvents;

class EventSizeLimitTest {
    private static final Settings DEFAULTS = Settings.load(null, Map.of(), Map.of());

    @Test
    void theLimitIsTheProducersUnlessTheTopicsIsSmaller() {
        // given
        Settings small =
                Settings.load(null, Map.of(), Map.of("kafka.client.max.request.size", "2000"));
        Settings large =
                Settings.load(null, Map.of(), Map.of("kafka.client.max.request.size", "9000000"));

        // when / then
        assertThat(EventSizeLimit.of(DEFAULTS).bytes()).isEqualTo(1_048_576);
        assertThat(EventSizeLimit.of(small).bytes()).isEqualTo(2000);
        assertThat(EventSizeLimit.of(large).bytes()).isEqualTo(1_048_588);
    }

    @Test
    void aConfigTooLargeForItsRunStartedIsRefusedNamingTheLimitAndItsLargestPart() {
        // given a config whose description alone is 1,000,000 bytes
        String config =
                "experiment: big\n"
                        + "description: "
                        + "x".repeat(1_000_000)
                        + "\n"
                        + "target:\n  kind: local\n";

        // when / then
        assertThatThrownBy(() -> EventSizeLimit.of(DEFAULTS).checkConfig("big.yaml", config))
                .isInstanceOf(BadInputException.class)
                .hasMessageStartingWith("big.yaml: the config is 1000052 bytes (976.6 KiB)")
                .hasMessageContaining("the producer's max.request.size of 1048576 bytes (1 MiB)")
                .hasMessageContaining(
                        "its largest part is 'description' (line 2), 1000014 bytes (976.6 KiB)");
    }

    @Test
    void aConfigWellUnderTheLimitPasses() {
        EventSizeLimit.of(DEFAULTS).checkConfig("small.yaml", "experiment: small\n");
    }

    @Test
    void anEventTooLargeIsRefusedBeforeItIsSentNamingItsLargestField() {
        // given a RunStarted carrying 5,000 bytes of config under a 2,000-byte limit
        Settings small =
                Settings.load(null, Map.of(), Map.of("kafka.client.max.request.size", "2000"));
        RunStarted started =
                RunStarted.newBuilder(TestEvents.runStarted("r1", "e1", Instant.EPOCH))
                        .setConfigText("y".repeat(5000))
                        .build();
        int value = new EventCodec().encode(started).length;

        // when / then
        assertThatThrownBy(
                        () ->
                                EventSizeLimit.of(small)
                                        .check(
                                                started,
                                                "r1".getBytes(StandardCharsets.UTF_8).length,
                                                value))
                .isInstanceOf(EventSizeLimit.EventTooLargeException.class)
                .hasMessageStartingWith("the event RunStarted is ")
                .hasMessageContaining(
                        "more than the producer's max.request.size"
                                + " (kafka.client.max.request.size) of 2000 bytes (2.0 KiB)")
                .hasMessageContaining("its largest field is config_text, 5000 bytes (4.9 KiB)")
                .hasMessageEndingWith("nothing was sent");
    }
}
