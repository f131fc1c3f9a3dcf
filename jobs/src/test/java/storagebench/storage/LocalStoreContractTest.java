package storagebench.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class LocalStoreContractTest extends DatasetStoreContractTest {
    @Override
    protected DatasetStore open() {
        return new LocalStore(dir.resolve("parquet"));
    }

    @Test
    void aFileIsStagedHiddenInItsFinalFolderAsTheSinkAlwaysDid() throws Exception {
        // given
        try (DatasetStore store = open()) {
            // when
            DatasetStore.Staged staged =
                    store.stage("runs/experiment=x/date=2024-01-01", ".t+0+1.tmp");
            // then
            assertThat(staged.local())
                    .isEqualTo(
                            Path.of(
                                    dir.toString(),
                                    "parquet/runs/experiment=x/date=2024-01-01/.t+0+1.tmp"));
            assertThat(staged.local().getParent()).isDirectory();
            assertThat(store.localFolder()).contains(dir.resolve("parquet"));
        }
    }
}
