package storagebench.dbms;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.workload.Workloads;

class SqlScriptTest {
    @Test
    void readsNamedStatementsAndFillsPlaceholders() {
        // given
        SqlScript script =
                SqlScript.parse(
                        "t.sql",
                        """
                -- a comment before the first statement
                -- name: create
                CREATE TABLE {table} (id int);

                -- name: insert
                INSERT INTO {table} VALUES (?)
                """);
        // then
        assertThat(script.statements()).containsOnlyKeys("create", "insert");
        assertThat(script.sql("create", Map.of("table", "\"t\"")))
                .isEqualTo("CREATE TABLE \"t\" (id int)");
        assertThatThrownBy(() -> script.sql("insert")).hasMessageContaining("needs {table}");
        assertThatThrownBy(() -> script.sql("drop"))
                .hasMessageContaining("t.sql has no statement 'drop'");
    }

    @Test
    void commentsBeforeTheNextStatementAreNotPartOfThisOne() {
        // given: a comment about the next statement right after this one's ';'
        SqlScript script =
                SqlScript.parse(
                        "t.sql",
                        "-- name: one\nSELECT 1;\n\n-- the next one reads two\n-- name: two\nSELECT 2;\n");
        // then: a driver that prepares the text sees one statement
        assertThat(script.sql("one")).isEqualTo("SELECT 1");
        assertThat(script.sql("two")).isEqualTo("SELECT 2");
    }

    @Test
    void regexQuantifiersAreNotPlaceholders() {
        SqlScript script =
                SqlScript.parse(
                        "t.sql",
                        "-- name: files\nSELECT name FROM f WHERE name ~ '^[0-9A-F]{24}$'\n");
        assertThat(script.sql("files"))
                .isEqualTo("SELECT name FROM f WHERE name ~ '^[0-9A-F]{24}$'");
    }

    @Test
    void aProductWithoutItsOwnFileOrStatementGetsGenericSql() {
        // when: the test resources hold workloads/sql-script-test/{h2,generic}.sql
        SqlScript h2 = TargetKind.H2.dialect().script("workloads/sql-script-test");
        SqlScript postgres = TargetKind.POSTGRES.dialect().script("workloads/sql-script-test");
        // then: h2's own statement over the generic one, the generic one where h2 has none
        assertThat(h2.sql("which")).isEqualTo("SELECT 'h2'");
        assertThat(h2.sql("shared")).isEqualTo("SELECT 'shared'");
        assertThat(postgres.sql("which")).isEqualTo("SELECT 'generic'");
        assertThatThrownBy(() -> TargetKind.H2.dialect().script("workloads/none"))
                .hasMessageContaining("no SQL for h2 in workloads/none (h2.sql or generic.sql)");
    }

    @Test
    void aTypeLineFillsItsPlaceholderInEveryStatement() {
        // given
        SqlScript script =
                SqlScript.parse(
                        "t.sql",
                        """
                -- type: stamp DATETIME2
                -- name: create
                CREATE TABLE {table} (at {stamp});
                """);
        // then: the type is filled everywhere, the caller's placeholder still asked for
        assertThat(script.statements())
                .containsEntry("create", "CREATE TABLE {table} (at DATETIME2)");
        assertThat(script.sql("create", Map.of("table", "t")))
                .isEqualTo("CREATE TABLE t (at DATETIME2)");
    }

    @Test
    void aProductsTypeOverTheGenericOneInTheGenericStatements() {
        // when
        SqlScript sqlServer = TargetKind.SQLSERVER.dialect().script("workloads/oltp/tpcc");
        SqlScript h2 = TargetKind.H2.dialect().script("workloads/oltp/tpcc");
        // then
        assertThat(sqlServer.sql("create-history")).contains("h_date   DATETIME2,");
        assertThat(h2.sql("create-history")).contains("h_date   TIMESTAMP,");
        assertThat(sqlServer.statements().values()).noneMatch(sql -> sql.contains("{timestamp}"));
    }

    @Test
    void everyShippedScriptParses() {
        for (TargetKind kind : TargetKind.values()) {
            if (!kind.isDatabase()) {
                continue;
            }
            SqlDialect d = kind.dialect();
            assertThat(d.script("targets/probe").statements()).isNotEmpty();
            // a kind's workload SQL is there only for the workloads whose table names the kind
            if (Workloads.find("filegroup-insert").orElseThrow().kinds().contains(kind)) {
                assertThat(d.script("workloads/filegroup-insert").has("insert")).isTrue();
            }
        }
    }
}
