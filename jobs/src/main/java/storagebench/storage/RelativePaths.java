package storagebench.storage;

import java.nio.file.Path;

/** A file's path in the dataset: relative to its root, {@code /} between folders, on every store. */
public final class RelativePaths {
    private RelativePaths() {}

    public static String join(String folder, String name) {
        return folder.isEmpty() ? name : folder + "/" + name;
    }

    /** The last part of {@code path}: the file's name. */
    public static String fileName(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The folder of {@code path}, empty at the root. */
    public static String folder(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** {@code file} under the local folder {@code root}, as a dataset path. */
    static String of(Path root, Path file) {
        StringBuilder path = new StringBuilder();
        for (Path part : root.relativize(file)) {
            path.append(path.length() == 0 ? "" : "/").append(part);
        }
        return path.toString();
    }

    /** The dataset path {@code path} as a local file under {@code root}. */
    static Path under(Path root, String path) {
        Path file = root;
        for (String part : path.split("/")) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                throw new IllegalArgumentException("not a path inside the dataset: " + path);
            }
            file = file.resolve(part);
        }
        return file;
    }
}
