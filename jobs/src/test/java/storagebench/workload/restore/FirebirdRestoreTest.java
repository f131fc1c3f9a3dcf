package storagebench.workload.restore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.HashSet;
import org.junit.jupiter.api.Test;
import storagebench.config.ConfigException;
import storagebench.experiment.ExperimentLoader;
import storagebench.workload.Param;
import storagebench.workload.Workload;

/** The restore workload on a firebird target: chosen at load, its parameters checked with file and line. */
class FirebirdRestoreTest {
    private final ExperimentLoader loader = new ExperimentLoader(Path.of("/tmp/sb-data"));

    private Workload load(String workload) {
        return loader.parse(
                        "e.yaml",
                        """
                experiment: r
                target:
                  kind: firebird
                  url: jdbc:firebird://127.0.0.1:53050/storagebench
                  password-env: STORAGEBENCH_FB_PASSWORD
                  database-root: /tmp
                workload:
                """
                                + workload.indent(2))
                .workload();
    }

    @Test
    void onAFirebirdTargetRestoreHasGbaksParameters() {
        // when
        Workload restore = load("type: restore\n");
        // then
        assertThat(restore).isInstanceOf(FirebirdRestore.class);
        assertThat(restore.name()).isEqualTo("restore");
        var names = new HashSet<String>();
        for (Param p : restore.params()) {
            assertThat(names.add(p.name())).as("unique %s", p.name()).isTrue();
            assertThat(p.doc()).as("doc of %s", p.name()).isNotBlank();
            assertThat(p.defaultValue() == null || p.parse(p.defaultValue()) != null).isTrue();
        }
        assertThat(names)
                .containsExactlyInAnyOrder(
                        "backup", "rows", "indexes", "page-size", "gbak", "name");
    }

    @Test
    void badValuesAndUnknownKeysFailAtLoadWithFileAndLine() {
        assertThatThrownBy(() -> load("type: restore\nrows: 0\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:9: 'workload.rows': must be at least 1");
        assertThatThrownBy(() -> load("type: restore\npage-size: big\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("e.yaml:9: 'workload.page-size'");
        assertThatThrownBy(() -> load("type: restore\nfiles: 3\n"))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("e.yaml:9: 'workload.files'");
    }

    @Test
    void restoreRefusesTargetsWithoutARestoreTool() {
        assertThatThrownBy(
                        () ->
                                loader.parse(
                                        "e.yaml",
                                        "experiment: r\ntarget: {kind: h2}\nworkload: {type: restore}\n"))
                .hasMessageContaining("restore runs on database targets that have a restore tool");
    }
}
