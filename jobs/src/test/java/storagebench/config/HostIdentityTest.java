package storagebench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import storagebench.Hostname;

class HostIdentityTest {

    @Test
    void theNameIsTheOneGivenElseTheMachinesHostname() {
        assertThat(HostIdentity.MACHINE.name()).isEqualTo(Hostname.get());
        assertThat(new HostIdentity(Optional.of("db-1.lab"), Map.of()).name())
                .isEqualTo("db-1.lab");
    }

    @Test
    void aNameIsLettersDigitsDotsUnderscoresAndDashes() {
        assertThat(HostIdentity.nameProblem("laptop")).isEmpty();
        assertThat(HostIdentity.nameProblem("SQL_1.example-lab")).isEmpty();
        assertThat(HostIdentity.nameProblem(" ")).contains("a host's name cannot be empty");
        assertThat(HostIdentity.nameProblem("my laptop"))
                .contains(
                        "a host's name holds only letters, digits, '.', '_' and '-', and begins"
                                + " with a letter or digit");
        assertThat(HostIdentity.nameProblem("-db")).isPresent();
        assertThat(HostIdentity.nameProblem("a".repeat(254)))
                .contains("a host's name has at most 253 characters");
    }

    @Test
    void labelsAreKeyValueEntriesSortedByKey() {
        // when
        Map<String, String> labels =
                HostIdentity.labels(
                        List.of("role=replica", " disk = RAID10 10K SAS ", "rack.row=r2"),
                        p -> new IllegalArgumentException(p.reason()));
        // then
        assertThat(labels)
                .containsExactly(
                        Map.entry("disk", "RAID10 10K SAS"),
                        Map.entry("rack.row", "r2"),
                        Map.entry("role", "replica"));
        assertThat(new HostIdentity(Optional.empty(), labels).labels().keySet())
                .containsExactly("disk", "rack.row", "role");
    }

    @Test
    void aBadLabelIsRefusedNamingTheEntryAndWhy() {
        Map<String, String> bad =
                Map.of(
                        "disk", "not key=value",
                        "=nvme", "the key is empty",
                        "1disk=nvme",
                                "a key begins with a letter and holds only letters, digits, '.',"
                                        + " '_' and '-' (at most 63)",
                        "disk=", "the value of 'disk' is empty",
                        "disk=a=b", "the value of 'disk' holds ',', '=' or a control character",
                        "disk=a\tb", "the value of 'disk' holds ',', '=' or a control character",
                        "password=x",
                                "the key looks like a secret's, and labels are stored with every"
                                        + " run",
                        "url=jdbc:postgresql://u:pw@db/x",
                                "the value of 'url' holds a password, and labels are stored with"
                                        + " every run");
        bad.forEach(
                (entry, reason) ->
                        assertThatThrownBy(
                                        () ->
                                                HostIdentity.labels(
                                                        List.of(entry),
                                                        p ->
                                                                new IllegalArgumentException(
                                                                        p.entry()
                                                                                + ": "
                                                                                + p.reason())))
                                .as(entry)
                                .hasMessageEndingWith(": " + reason));
        assertThatThrownBy(
                        () ->
                                HostIdentity.labels(
                                        List.of("disk=a", "disk=b"),
                                        p -> new IllegalArgumentException(p.reason())))
                .hasMessage("the key 'disk' is given twice");
        assertThatThrownBy(
                        () ->
                                HostIdentity.labels(
                                        List.of("disk=a\u0007"),
                                        p -> new IllegalArgumentException(p.entry())))
                .hasMessage("disk=a\\u0007");
    }
}
