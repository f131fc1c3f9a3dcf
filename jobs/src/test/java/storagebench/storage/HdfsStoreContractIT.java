package storagebench.storage;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

class HdfsStoreContractIT extends DatasetStoreContractTest {
    @TempDir static java.nio.file.Path cluster;
    private static MiniHdfs hdfs;
    private static int datasets;
    private String url;

    @BeforeAll
    static void startHdfs() {
        hdfs = MiniHdfs.start(cluster);
    }

    @AfterAll
    static void stopHdfs() {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Override
    protected DatasetStore open() {
        if (url == null) {
            url = hdfs.url("/datasets/d" + ++datasets);
        }
        return HadoopStores.open(URI.create(url), Map.of(), dir.resolve("local"));
    }
}
