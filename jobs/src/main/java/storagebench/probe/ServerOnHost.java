package storagebench.probe;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The target's database server when it runs on this host, from what the run's target probe read
 * ({@code targets/probe/<product>.sql}): its processes, for the host sampler's {@code process} row,
 * and its folders, for the devices sampled. A server elsewhere has neither: its pid names no process
 * here of the same name, its folders are not here.
 */
public final class ServerOnHost {
    private static final Path PROC = Path.of("/proc");

    private ServerOnHost() {}

    /**
     * The root of the server's processes (the postmaster above the checkpointer the probe named, the
     * Firebird server itself) and its name, when that process is on this host.
     */
    public static Optional<Process> process(Map<String, String> properties) {
        String text = properties.get("server_pid");
        if (text == null) {
            return Optional.empty();
        }
        long pid;
        try {
            pid = Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        Optional<String[]> stat = stat(pid);
        if (stat.isEmpty()) {
            return Optional.empty();
        }
        String name = stat.get()[0];
        if (!name.startsWith("postgres") && !name.startsWith("firebird")) {
            return Optional.empty();
        }
        // up to the first process of the tree with the server's name (postmaster, checkpointer
        // alike)
        long root = pid;
        while (true) {
            long parent = Long.parseLong(stat(root).map(s -> s[2]).orElse("0"));
            Optional<String[]> up = parent > 1 ? stat(parent) : Optional.empty();
            if (up.isEmpty() || !up.get()[0].equals(name)) {
                break;
            }
            root = parent;
        }
        return Optional.of(new Process(root, name));
    }

    /** The server's folders that are on this host: PostgreSQL's data directory, Firebird's database's. */
    public static List<Path> folders(Map<String, String> properties) {
        List<Path> out = new ArrayList<>();
        String data = properties.get("data_directory");
        if (data != null && !data.isBlank()) {
            out.add(Path.of(data.strip()));
        }
        String database = properties.get("database_path");
        if (database != null && !database.isBlank()) {
            Path parent = Path.of(database.strip()).getParent();
            if (parent != null) {
                out.add(parent);
            }
        }
        return out.stream().filter(Files::isDirectory).toList();
    }

    /**
     * {@code /proc/<pid>/stat}'s fields after the process's name, with the name first: name, state,
     * parent, …; empty when there is no such process.
     */
    static Optional<String[]> stat(long pid) {
        try {
            String text =
                    Files.readString(
                            PROC.resolve(Long.toString(pid)).resolve("stat"),
                            StandardCharsets.US_ASCII);
            return parse(text);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** A stat line as name, then the fields after it (the name may hold blanks and parentheses). */
    static Optional<String[]> parse(String stat) {
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
            return Optional.empty();
        }
        String[] rest = stat.substring(close + 1).strip().split("\\s+");
        String[] out = new String[rest.length + 1];
        out[0] = stat.substring(open + 1, close);
        System.arraycopy(rest, 0, out, 1, rest.length);
        return Optional.of(out);
    }

    /**
     * The CPU time, in clock ticks (user and system), of process {@code root} and every process
     * under it, with that of their children that ended (a backend that exited counts in the
     * postmaster's), from one pass over /proc; -1 when the root is gone.
     */
    static long treeTicks(long root) {
        Map<Long, long[]> all = new java.util.HashMap<>();
        try (var entries = Files.list(PROC)) {
            entries.forEach(
                    p -> {
                        String name = p.getFileName().toString();
                        if (!name.isEmpty() && Character.isDigit(name.charAt(0))) {
                            try {
                                long pid = Long.parseLong(name);
                                stat(pid)
                                        .ifPresent(
                                                s ->
                                                        all.put(
                                                                pid,
                                                                new long[] {
                                                                    Long.parseLong(s[2]),
                                                                    Long.parseLong(s[12])
                                                                            + Long.parseLong(s[13])
                                                                            + Long.parseLong(s[14])
                                                                            + Long.parseLong(s[15])
                                                                }));
                            } catch (NumberFormatException | ArrayIndexOutOfBoundsException e) {
                                // not a process, or one that went away mid-read
                            }
                        }
                    });
        } catch (IOException e) {
            return -1;
        }
        if (!all.containsKey(root)) {
            return -1;
        }
        Map<Long, List<Long>> children = new java.util.HashMap<>();
        all.forEach((pid, f) -> children.computeIfAbsent(f[0], k -> new ArrayList<>()).add(pid));
        long ticks = 0;
        java.util.ArrayDeque<Long> todo = new java.util.ArrayDeque<>(List.of(root));
        while (!todo.isEmpty()) {
            long pid = todo.pop();
            ticks += all.get(pid)[1];
            todo.addAll(children.getOrDefault(pid, List.of()));
        }
        return ticks;
    }

    /** A server process tree on this host: its root's pid and its name. */
    public record Process(long pid, String name) {}
}
