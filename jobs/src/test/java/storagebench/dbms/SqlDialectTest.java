package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Identifiers built from config are checked and quoted: hostile names never reach SQL. */
class SqlDialectTest {
    @ParameterizedTest
    @EnumSource(value = TargetKind.class, names = "LOCAL", mode = EnumSource.Mode.EXCLUDE)
    void hostileNamesAreRejected(TargetKind kind) {
        SqlDialect dialect = kind.dialect();
        for (String name : HostileNames.ALL) {
            assertThatThrownBy(() -> dialect.identifier(name))
                    .as("%s", name)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("is not a valid database identifier");
        }
    }

    @Test
    void aVeryLongNameIsShownShortened() {
        assertThatThrownBy(() -> TargetKind.H2.dialect().identifier("x".repeat(10_000)))
                .hasMessageContaining("… (10000 characters)")
                .message()
                .hasSizeLessThan(300);
    }

    @ParameterizedTest
    @EnumSource(
            value = TargetKind.class,
            names = {"LOCAL", "SQLSERVER"},
            mode = EnumSource.Mode.EXCLUDE)
    void validNamesAreQuoted(TargetKind kind) {
        SqlDialect dialect = kind.dialect();
        assertThat(dialect.identifier("sb_filegroup")).isEqualTo("\"sb_filegroup\"");
        assertThat(dialect.identifier("select")).isEqualTo("\"select\"");
        assertThat(dialect.identifier("_" + "x".repeat(30))).hasSize(33);
    }

    @ParameterizedTest
    @EnumSource(
            value = TargetKind.class,
            names = {"POSTGRES", "H2"})
    void postgresAndH2AllowNamesOf63Characters(TargetKind kind) {
        SqlDialect dialect = kind.dialect();
        assertThat(dialect.identifier("_" + "x".repeat(62))).hasSize(65);
        assertThatThrownBy(() -> dialect.identifier("x".repeat(64)))
                .hasMessageContaining("at most 63 characters");
    }

    @Test
    void firebird3AllowsNamesOf31CharactersAtMost() {
        // given: Firebird 3 keeps identifiers in CHAR(31) columns
        String longest = "sb_" + "x".repeat(28);
        // then
        assertThat(TargetKind.FIREBIRD.dialect().identifier(longest))
                .isEqualTo("\"" + longest + "\"");
        assertThatThrownBy(() -> TargetKind.FIREBIRD.dialect().identifier(longest + "y"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 31 characters (firebird)");
    }

    @Test
    void sqlServerQuotesInBracketsAndKeepsTheSharedPattern() {
        // then: brackets, and the same 63-character pattern (SQL Server would take 128)
        assertThat(TargetKind.SQLSERVER.dialect().identifier("sb_filegroup"))
                .isEqualTo("[sb_filegroup]");
        assertThat(TargetKind.SQLSERVER.dialect().identifier("select")).isEqualTo("[select]");
        assertThat(TargetKind.SQLSERVER.dialect().identifier("_" + "x".repeat(62))).hasSize(65);
        assertThatThrownBy(() -> TargetKind.SQLSERVER.dialect().identifier("x".repeat(64)))
                .hasMessageContaining("at most 63 characters");
    }

    @Test
    void sqlServerBoundsTheLoginInSecondsAndNamesTheApplication() {
        // when
        var props = TargetKind.SQLSERVER.dialect().connectProperties(Duration.ofMillis(2500));
        // then
        assertThat(props)
                .containsEntry("loginTimeout", "3")
                .containsEntry("applicationName", "storagebench")
                .doesNotContainKey("password");
    }
}
