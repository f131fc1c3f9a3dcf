package storagebench.spark;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS (a namenode and a datanode, Hadoop's MiniDFSCluster of Spark's Hadoop version) in the
 * test's JVM, on loopback.
 */
final class MiniHdfs implements AutoCloseable {
    private final MiniDFSCluster cluster;

    private MiniHdfs(MiniDFSCluster cluster) {
        this.cluster = cluster;
    }

    static MiniHdfs start(Path dir) throws IOException {
        Configuration conf = new Configuration();
        conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, dir.toAbsolutePath().toString());
        conf.set("dfs.namenode.http-address", "127.0.0.1:0");
        conf.set("dfs.datanode.address", "127.0.0.1:0");
        conf.set("dfs.datanode.http.address", "127.0.0.1:0");
        conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
        MiniDFSCluster cluster =
                new MiniDFSCluster.Builder(conf).numDataNodes(1).format(true).build();
        cluster.waitActive();
        return new MiniHdfs(cluster);
    }

    /** {@code hdfs://127.0.0.1:<port><path>}. */
    String url(String path) {
        return "hdfs://127.0.0.1:" + cluster.getNameNodePort() + path;
    }

    FileSystem fileSystem() throws IOException {
        return cluster.getFileSystem();
    }

    @Override
    public void close() {
        cluster.shutdown(true);
    }
}
