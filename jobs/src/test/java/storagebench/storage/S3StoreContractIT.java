package storagebench.storage;

import java.net.URI;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

class S3StoreContractIT extends DatasetStoreContractTest {
    @TempDir static java.nio.file.Path proxyDir;
    private static S3ProxyServer s3;
    private static int datasets;
    private String url;

    @BeforeAll
    static void startS3() throws Exception {
        s3 = S3ProxyServer.start(proxyDir);
        s3.createBucket("bench");
    }

    @AfterAll
    static void stopS3() {
        if (s3 != null) {
            s3.close();
        }
    }

    @Override
    protected DatasetStore open() {
        if (url == null) {
            url = "s3a://bench/datasets/d" + ++datasets;
        }
        Map<String, String> hadoop = new HashMap<>();
        s3.settingsWithCredentials()
                .forEach((k, v) -> hadoop.put(k.substring("hadoop.".length()), v));
        return HadoopStores.open(URI.create(url), hadoop, dir.resolve("local"));
    }
}
