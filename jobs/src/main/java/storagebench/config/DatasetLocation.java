package storagebench.config;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Where the Parquet dataset lives: {@code dataset.url} is a local folder (the default, {@code
 * <data-dir>/parquet}), or the URL of a Hadoop file system ({@code hdfs://namenode:8020/path}, {@code
 * s3a://bucket/path}) with the {@code hadoop.*} settings as its configuration.
 *
 * @param url the Hadoop file system URL, empty for a local folder
 * @param localPath the local folder when {@code dataset.url} named one, empty for the default or a URL
 * @param hadoop Hadoop configuration properties ({@code hadoop.fs.s3a.endpoint=…} as {@code
 *     fs.s3a.endpoint}); may hold secrets, never printed
 */
public record DatasetLocation(
        Optional<URI> url, Optional<Path> localPath, Map<String, String> hadoop) {

    /** The schemes of the distributed file systems the application brings. */
    public static final Set<String> SCHEMES = Set.of("hdfs", "s3a");

    /** The default: {@code <data-dir>/parquet}, no Hadoop. */
    public static DatasetLocation local() {
        return new DatasetLocation(Optional.empty(), Optional.empty(), Map.of());
    }

    static DatasetLocation of(
            Optional<String> value, Map<String, String> hadoop, String key, String source) {
        if (value.isEmpty()) {
            return new DatasetLocation(Optional.empty(), Optional.empty(), hadoop);
        }
        String text = value.get();
        int colon = text.indexOf("://");
        if (colon < 0 || text.regionMatches(true, 0, "file:", 0, 5)) {
            return new DatasetLocation(
                    Optional.empty(), Optional.of(localPath(text, key, source)), hadoop);
        }
        String scheme = text.substring(0, colon).toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme)) {
            throw new Settings.SettingsException(
                    source
                            + ": setting '"
                            + key
                            + "' has the scheme '"
                            + scheme
                            + "'; give a local folder, hdfs://namenode:port/path or s3a://bucket/path"
                            + (scheme.equals("s3") || scheme.equals("s3n")
                                    ? " (S3 is s3a://)"
                                    : ""));
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new Settings.SettingsException(
                    source + ": setting '" + key + "' is not a URL: " + e.getReason());
        }
        if (uri.getRawUserInfo() != null) {
            throw new Settings.SettingsException(
                    source
                            + ": setting '"
                            + key
                            + "' holds credentials; give them as hadoop.fs.s3a.access.key and"
                            + " hadoop.fs.s3a.secret.key (better: AWS_ACCESS_KEY_ID and"
                            + " AWS_SECRET_ACCESS_KEY in the environment)");
        }
        if (uri.getHost() == null || uri.getHost().isBlank()) {
            throw new Settings.SettingsException(
                    source
                            + ": setting '"
                            + key
                            + "' names no "
                            + (scheme.equals("s3a") ? "bucket" : "namenode")
                            + ": "
                            + text);
        }
        if (!hadoopPresent()) {
            throw new Settings.SettingsException(
                    source
                            + ": setting '"
                            + key
                            + "' is a dataset on "
                            + scheme
                            + "://, which needs the Hadoop add-on: the jars of addons/hadoop"
                            + " beside the application jar (jobs/target/addons/hadoop, built with"
                            + " it). ./storagebench puts them on the class path when they are"
                            + " there; with java -jar, set LOADER_PATH to that folder");
        }
        return new DatasetLocation(Optional.of(uri), Optional.empty(), hadoop);
    }

    /** Whether Hadoop's file system classes are on the class path (the Hadoop add-on's). */
    static boolean hadoopPresent() {
        try {
            Class.forName(
                    "org.apache.hadoop.fs.FileSystem",
                    false,
                    DatasetLocation.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static Path localPath(String text, String key, String source) {
        try {
            return text.regionMatches(true, 0, "file:", 0, 5)
                    ? Path.of(new URI(text))
                    : Path.of(text);
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new Settings.SettingsException(
                    source + ": setting '" + key + "' is not a folder or URL: " + e.getMessage());
        }
    }

    /** Whether the dataset is on a Hadoop file system rather than a local folder. */
    public boolean remote() {
        return url.isPresent();
    }

    @Override
    public String toString() {
        return url.map(URI::toString)
                .orElseGet(() -> localPath.map(Path::toString).orElse("<data-dir>/parquet"));
    }
}
