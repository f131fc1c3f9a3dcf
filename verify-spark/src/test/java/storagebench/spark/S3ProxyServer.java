package storagebench.spark;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * S3 on loopback: S3Proxy with its in-memory (transient) blob store, in a child JVM from its single
 * jar, which the build copies to {@code target/s3proxy/} (its Jetty, Jackson and Guava do not share
 * a class path with Spark's).
 */
final class S3ProxyServer implements AutoCloseable {
    private static final String ACCESS_KEY = "local-identity";
    private static final String SECRET_KEY = "local-credential";
    private static final Path JAR = Path.of(System.getProperty("storagebench.s3proxy"));

    private final Process process;
    private final int port;

    private S3ProxyServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts one, its properties and log under {@code dir}. */
    static S3ProxyServer start(Path dir) throws IOException, InterruptedException {
        int port = freePort();
        Files.createDirectories(dir);
        Path properties = dir.resolve("s3proxy.properties");
        Files.writeString(
                properties,
                String.join(
                        "\n",
                        "s3proxy.endpoint=http://127.0.0.1:" + port,
                        "s3proxy.authorization=aws-v2-or-v4",
                        "s3proxy.identity=" + ACCESS_KEY,
                        "s3proxy.credential=" + SECRET_KEY,
                        "jclouds.provider=transient",
                        "jclouds.identity=" + ACCESS_KEY,
                        "jclouds.credential=" + SECRET_KEY,
                        ""));
        Path log = dir.resolve("s3proxy.log");
        Process process =
                new ProcessBuilder(
                                List.of(
                                        Path.of(System.getProperty("java.home"), "bin", "java")
                                                .toString(),
                                        "-Xmx256m",
                                        "-jar",
                                        JAR.toString(),
                                        "--properties",
                                        properties.toString()))
                        .redirectErrorStream(true)
                        .redirectOutput(log.toFile())
                        .start();
        S3ProxyServer server = new S3ProxyServer(process, port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!server.answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                server.close();
                throw new IllegalStateException("S3Proxy did not start: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
        return server;
    }

    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Creates a bucket, as S3A never does. */
    void createBucket(String name) {
        try (S3Client client =
                S3Client.builder()
                        .endpointOverride(URI.create("http://127.0.0.1:" + port))
                        .forcePathStyle(true)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                        .build()) {
            client.createBucket(b -> b.bucket(name));
        }
    }

    /** storagebench's {@code hadoop.*} settings that reach it, credentials included. */
    Map<String, String> settings() {
        return Map.of(
                "hadoop.fs.s3a.endpoint",
                "http://127.0.0.1:" + port,
                "hadoop.fs.s3a.endpoint.region",
                "us-east-1",
                "hadoop.fs.s3a.path.style.access",
                "true",
                "hadoop.fs.s3a.access.key",
                ACCESS_KEY,
                "hadoop.fs.s3a.secret.key",
                SECRET_KEY);
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
