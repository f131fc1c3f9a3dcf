package storagebench.storage;

import java.io.IOException;
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
import storagebench.require.Requirement;

/**
 * S3 on loopback: S3Proxy with its in-memory (transient) blob store, in a child JVM from its own single
 * jar, which the build copies to {@code target/s3proxy/} (its Jetty 11, Jackson and Guava do not share
 * a class path with Spring Boot's).
 */
public final class S3ProxyServer implements AutoCloseable {
    public static final String ACCESS_KEY = "local-identity";
    public static final String SECRET_KEY = "local-credential";
    private static final Path JAR = Path.of("target", "s3proxy", "s3proxy.jar");

    private final Process process;
    private final int port;

    private S3ProxyServer(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /** Starts one with its files under {@code dir}; the test is skipped, saying why, without it. */
    public static S3ProxyServer start(Path dir) throws IOException, InterruptedException {
        if (!Files.isRegularFile(JAR)) {
            throw Requirement.S3.missing(
                    "no S3Proxy jar at " + JAR.toAbsolutePath() + " (the build copies it there)");
        }
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
                                        JAR.toAbsolutePath().toString(),
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
                throw Requirement.S3.missing("S3Proxy did not start: " + Files.readString(log));
            }
            Thread.sleep(100);
        }
        return server;
    }

    private boolean answers() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket =
                new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    public String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    /** Creates a bucket, as S3A never does. */
    public void createBucket(String name) {
        try (S3Client client =
                S3Client.builder()
                        .endpointOverride(URI.create(endpoint()))
                        .forcePathStyle(true)
                        .region(Region.US_EAST_1)
                        .credentialsProvider(
                                StaticCredentialsProvider.create(
                                        AwsBasicCredentials.create(ACCESS_KEY, SECRET_KEY)))
                        .build()) {
            client.createBucket(b -> b.bucket(name));
        }
    }

    /** The {@code hadoop.*} settings that point S3A here, credentials left to the environment. */
    public Map<String, String> settings() {
        return Map.of(
                "hadoop.fs.s3a.endpoint", endpoint(),
                "hadoop.fs.s3a.endpoint.region", "us-east-1",
                "hadoop.fs.s3a.path.style.access", "true");
    }

    /** The same with the credentials as settings, for the tests' own JVM, whose environment is fixed. */
    public Map<String, String> settingsWithCredentials() {
        Map<String, String> all = new java.util.HashMap<>(settings());
        all.put("hadoop.fs.s3a.access.key", ACCESS_KEY);
        all.put("hadoop.fs.s3a.secret.key", SECRET_KEY);
        return all;
    }

    /** The environment a child process gets its credentials from. */
    public Map<String, String> environment() {
        return Map.of("AWS_ACCESS_KEY_ID", ACCESS_KEY, "AWS_SECRET_ACCESS_KEY", SECRET_KEY);
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
