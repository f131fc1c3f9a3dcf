package storagebench.sink;

import java.nio.file.Path;
import java.util.Map;
import storagebench.storage.MiniHdfs;

class HdfsSinkCrashIT extends RemoteSinkCrashIT {
    @Override
    protected Remote start(Path dir) {
        MiniHdfs hdfs = MiniHdfs.start(dir);
        return new Remote() {
            @Override
            public String url() {
                return hdfs.url("/storagebench/dataset");
            }

            @Override
            public Map<String, String> settings() {
                return hdfs.settings();
            }

            @Override
            public Map<String, String> env() {
                return Map.of();
            }

            @Override
            public Map<String, String> inProcessSettings() {
                return hdfs.settings();
            }

            @Override
            public void close() {
                hdfs.close();
            }
        };
    }
}
