package storagebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import storagebench.dbms.Kind;
import storagebench.dbms.TargetKind;
import storagebench.logformat.LogParser;

class ServicesTest {
    @Test
    void entriesComeByKeyInTheOrderOfTheServicesFile() {
        assertThat(Services.byKey(Kind.class, Kind::kind).keySet())
                .containsExactly(
                        TargetKind.LOCAL,
                        TargetKind.H2,
                        TargetKind.POSTGRES,
                        TargetKind.SQLSERVER,
                        TargetKind.FIREBIRD);
    }

    @Test
    void twoEntriesUnderOneKeyAreRefusedNamingTheKeyAndTheFile() {
        assertThatThrownBy(() -> Services.byKey(LogParser.class, parser -> "same"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "two entries for same in META-INF/services/storagebench.logformat.LogParser");
    }
}
