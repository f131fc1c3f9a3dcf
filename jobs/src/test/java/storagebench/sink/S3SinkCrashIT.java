package storagebench.sink;

import java.nio.file.Path;
import java.util.Map;
import storagebench.storage.S3ProxyServer;

class S3SinkCrashIT extends RemoteSinkCrashIT {
    @Override
    protected Remote start(Path dir) throws Exception {
        S3ProxyServer s3 = S3ProxyServer.start(dir);
        s3.createBucket("bench");
        return new Remote() {
            @Override
            public String url() {
                return "s3a://bench/storagebench/dataset";
            }

            @Override
            public Map<String, String> settings() {
                return s3.settings();
            }

            @Override
            public Map<String, String> env() {
                return s3.environment();
            }

            @Override
            public Map<String, String> inProcessSettings() {
                return s3.settingsWithCredentials();
            }

            @Override
            public void close() {
                s3.close();
            }
        };
    }
}
