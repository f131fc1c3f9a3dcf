package storagebench.workload.filegroup;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import storagebench.workload.filegroup.PageAllocator.PageAddress;

/**
 * One trial's state across its steps: set-up creates and opens the files, the measured insert
 * writes the rows, clean-up closes and deletes everything (also after a failed set-up).
 */
final class InsertTrial {
    private final Path dir;
    private final Layout layout;
    private Filegroup filegroup;
    private WriteAheadLog log;
    private PageAllocator allocator;
    private RowPage image;

    InsertTrial(Path dir, Layout layout) {
        this.dir = dir;
        this.layout = layout;
    }

    Map<String, Double> setup() throws IOException {
        delete();
        Files.createDirectories(dir);
        filegroup = new Filegroup(dir, layout);
        filegroup.create();
        log = WriteAheadLog.create(dir.resolve("log.ldf"), layout);
        long[] free = new long[layout.files()];
        Arrays.fill(free, layout.extentsPerFile());
        allocator = new PageAllocator(free);
        image = new RowPage(layout.pageSize());
        return Map.of();
    }

    /** Inserts the rows, one page and one commit each, then checkpoints: the measured step. */
    Map<String, Double> insert() throws IOException {
        for (long row = 1; row <= layout.rows(); row++) {
            PageAddress at = allocator.next();
            ByteBuffer page = image.stamp(row);
            filegroup.write(at, page);
            log.append(row, at, page.rewind());
            log.commit();
        }
        log.flush();
        filegroup.checkpoint();
        return metrics();
    }

    private Map<String, Double> metrics() {
        Map<String, Double> metrics = new LinkedHashMap<>();
        metrics.put("rows", (double) layout.rows());
        metrics.put("files", (double) layout.files());
        metrics.put("bytes_written", (double) layout.rows() * layout.pageSize());
        metrics.put("log_bytes", (double) log.bytes());
        metrics.put("log_records", (double) log.records());
        metrics.put("fill_max_deviation_pages", allocator.maxDeviationPages());
        for (int i = 0; i < layout.files(); i++) {
            metrics.put(String.format("pages_file_%03d", i + 1), (double) allocator.pages(i));
        }
        return metrics;
    }

    Map<String, Double> cleanup() throws IOException {
        try (Filegroup f = filegroup;
                WriteAheadLog l = log) {
            filegroup = null;
            log = null;
        }
        delete();
        return Map.of();
    }

    private void delete() throws IOException {
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(p);
                }
            }
        }
    }
}
