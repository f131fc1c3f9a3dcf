package storagebench.storage;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import storagebench.DurableFiles;

/**
 * The dataset in a local folder. A file is staged as a hidden temporary file in its final folder and
 * published by fsync, atomic rename and an fsync of the folder ({@link DurableFiles}); a marker is
 * replaced the same way. Readers read the folder itself.
 */
public final class LocalStore implements DatasetStore {
    private final Path root;

    public LocalStore(Path root) {
        this.root = root;
    }

    @Override
    public List<String> list(String folder) throws IOException {
        List<String> all = new ArrayList<>();
        Path start = folder.isEmpty() ? root : RelativePaths.under(root, folder);
        if (!Files.isDirectory(start)) {
            return all;
        }
        Files.walkFileTree(
                start,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                        all.add(RelativePaths.of(root, file));
                        return FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFileFailed(Path file, IOException e)
                            throws IOException {
                        // another sink of the group deleted it (a staged file discarded, an
                        // unfinished roll recovered) while this one listed: it is not there
                        if (e instanceof NoSuchFileException) {
                            return FileVisitResult.CONTINUE;
                        }
                        throw e;
                    }
                });
        return all;
    }

    @Override
    public void delete(String file) throws IOException {
        Path path = RelativePaths.under(root, file);
        if (Files.deleteIfExists(path)) {
            DurableFiles.fsyncFolder(path.getParent());
        }
    }

    @Override
    public Optional<String> readMarker(String name) throws IOException {
        try {
            return Optional.of(Files.readString(marker(name), StandardCharsets.UTF_8));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    @Override
    public void writeMarker(String name, String text) throws IOException {
        DurableFiles.createFolders(root.resolve(MARKERS));
        DurableFiles.writeAtomically(marker(name), text);
    }

    private Path marker(String name) {
        return root.resolve(MARKERS).resolve(name);
    }

    @Override
    public Staged stage(String folder, String name) throws IOException {
        Path dir = folder.isEmpty() ? root : RelativePaths.under(root, folder);
        DurableFiles.createFolders(dir);
        return new Staged(folder, name, dir.resolve(name));
    }

    @Override
    public String publish(Staged file, String finalName) throws IOException {
        DurableFiles.commit(file.local(), file.local().resolveSibling(finalName));
        return RelativePaths.join(file.folder(), finalName);
    }

    @Override
    public void discard(Staged file) {
        try {
            Files.deleteIfExists(file.local());
        } catch (IOException e) {
            // recovery deletes leftover temporary files on the next start
        }
    }

    @Override
    public SeekableByteChannel open(String file) throws IOException {
        return FileChannel.open(RelativePaths.under(root, file), StandardOpenOption.READ);
    }

    @Override
    public String describe() {
        return root.toString();
    }

    @Override
    public Optional<Path> localFolder() {
        return Optional.of(root);
    }

    @Override
    public void close() {}
}
