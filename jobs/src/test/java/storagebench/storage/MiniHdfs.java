package storagebench.storage;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import storagebench.require.Requirement;

/** A real HDFS (a namenode and a datanode, Hadoop's MiniDFSCluster) in the test's JVM, on loopback. */
public final class MiniHdfs implements AutoCloseable {
    private final MiniDFSCluster cluster;

    private MiniHdfs(MiniDFSCluster cluster) {
        this.cluster = cluster;
    }

    /** Starts one under {@code dir}; the test is skipped, saying why, when it cannot start. */
    public static MiniHdfs start(Path dir) {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toAbsolutePath().toString());
        conf.set("dfs.namenode.http-address", "127.0.0.1:0");
        conf.set("dfs.datanode.address", "127.0.0.1:0");
        conf.set("dfs.datanode.http.address", "127.0.0.1:0");
        conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
        MiniDFSCluster cluster = null;
        try {
            cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).format(true).build();
            cluster.waitActive();
        } catch (IOException | RuntimeException | LinkageError e) {
            throw Requirement.HDFS.missing("MiniDFSCluster cannot start here: " + e, e);
        }
        return new MiniHdfs(cluster);
    }

    /** {@code hdfs://127.0.0.1:<port><path>}. */
    public String url(String path) {
        return "hdfs://127.0.0.1:" + cluster.getNameNodePort() + path;
    }

    /** The {@code hadoop.*} settings a command needs to reach it: none. */
    public Map<String, String> settings() {
        return Map.of();
    }

    public FileSystem fileSystem() throws IOException {
        return cluster.getFileSystem();
    }

    @Override
    public void close() {
        cluster.shutdown(true);
    }
}
