package storagebench.require;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The requirements' probes: each says why something is missing, or nothing when it is here. */
final class Probes {
    private Probes() {}

    static Optional<String> present() {
        return Optional.empty();
    }

    /** Each variable set and not blank. */
    static Optional<String> variables(String... names) {
        for (String name : names) {
            String value = System.getenv(name);
            if (value == null || value.isBlank()) {
                return Optional.of(name + " is not set");
            }
        }
        return Optional.empty();
    }

    static Optional<String> executables(Path... files) {
        for (Path file : files) {
            if (!Files.isExecutable(file)) {
                return Optional.of(file + " is not an executable file");
            }
        }
        return Optional.empty();
    }

    /** Root, {@code ip}, and a namespace made and deleted: once per JVM. */
    static Optional<String> networkNamespaces() {
        return Netns.WHY_MISSING;
    }

    static Optional<String> tmpfs() {
        return Tmpfs.WHY_MISSING;
    }

    /** Whether this process may mount a small tmpfs of its own (and unmount it). */
    private static final class Tmpfs {
        static final Optional<String> WHY_MISSING = probe();

        private static Optional<String> probe() {
            Path dir;
            try {
                dir = Files.createTempDirectory("storagebench-tmpfs-probe");
            } catch (IOException e) {
                return Optional.of("no temporary folder: " + e.getMessage());
            }
            try {
                return Netns.run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir.toString())
                        .or(() -> Netns.run("umount", dir.toString()));
            } finally {
                try {
                    Files.deleteIfExists(dir);
                } catch (IOException ignored) {
                    // a leftover empty folder in the temporary folder
                }
            }
        }
    }

    /** Whether this process may make a small loop device of its own, format and detach it: once per JVM. */
    static Optional<String> loopDevice() {
        return Loop.WHY_MISSING;
    }

    private static final class Loop {
        static final Optional<String> WHY_MISSING = probe();

        private static Optional<String> probe() {
            Path image;
            try {
                image = Files.createTempFile("storagebench-loop-probe", ".img");
            } catch (IOException e) {
                return Optional.of("no temporary folder: " + e.getMessage());
            }
            try (var file =
                    java.nio.channels.FileChannel.open(
                            image, java.nio.file.StandardOpenOption.WRITE)) {
                file.truncate(0).position(16 << 20).write(java.nio.ByteBuffer.wrap(new byte[1]));
            } catch (IOException e) {
                return Optional.of("no sparse image: " + e.getMessage());
            }
            try {
                return Netns.run("mkfs.ext4", "-q", "-F", image.toString())
                        .or(() -> Netns.run("taskset", "-c", "0", "true"))
                        .or(() -> Netns.run("losetup", "--find", "--show", image.toString()))
                        .or(() -> Netns.run("losetup", "--associated", image.toString()))
                        .or(() -> detach(image));
            } finally {
                try {
                    Files.deleteIfExists(image);
                } catch (IOException ignored) {
                    // a leftover file in the temporary folder
                }
            }
        }

        /** Detaches the devices losetup attached to the image. */
        private static Optional<String> detach(Path image) {
            try {
                Process list =
                        new ProcessBuilder(
                                        "losetup",
                                        "--associated",
                                        image.toString(),
                                        "-O",
                                        "NAME",
                                        "--noheadings")
                                .redirectErrorStream(true)
                                .start();
                String devices =
                        new String(list.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                list.waitFor(30, TimeUnit.SECONDS);
                for (String device : devices.strip().split("\\s+")) {
                    if (!device.isEmpty()) {
                        Optional<String> failed = Netns.run("losetup", "-d", device);
                        if (failed.isPresent()) {
                            return failed;
                        }
                    }
                }
                return Optional.empty();
            } catch (IOException e) {
                return Optional.of("losetup could not be run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of("losetup was interrupted");
            }
        }
    }

    private static final class Netns {
        static final Optional<String> WHY_MISSING = probe();

        private static Optional<String> probe() {
            Object uid;
            try {
                // /proc/self belongs to the process's effective user
                uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
            } catch (IOException | UnsupportedOperationException e) {
                return Optional.of("the user cannot be told from /proc/self (" + e + ")");
            }
            if (!Integer.valueOf(0).equals(uid)) {
                return Optional.of("not running as root (uid " + uid + ")");
            }
            String name = "storagebench-probe-" + ProcessHandle.current().pid();
            return run("ip", "netns", "add", name).or(() -> run("ip", "netns", "delete", name));
        }

        private static Optional<String> run(String... command) {
            String line = String.join(" ", command);
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output =
                        new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                                .strip();
                if (!process.waitFor(30, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return Optional.of(line + " did not end within 30 s");
                }
                return process.exitValue() == 0
                        ? Optional.empty()
                        : Optional.of(line + " exited " + process.exitValue() + ": " + output);
            } catch (IOException e) {
                return Optional.of(line + " could not be run: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Optional.of(line + " was interrupted");
            }
        }
    }
}
