package storagebench.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import storagebench.DurableFiles;
import storagebench.report.ReportFilter;

/**
 * The report as one self-contained HTML file: per experiment the host and target facts, variant
 * means with 95% confidence intervals per step, the comparisons, sub-steps, IO per file, throughput over
 * time and trends.
 * The chart library is inlined; the page requests nothing from anywhere.
 */
public final class HtmlReport {
    private HtmlReport() {}

    /**
     * Writes the page for the trials that match (whole, then renamed into place).
     *
     * @param parquetRoot the dataset
     * @return the experiments on the page; none written when there are none
     */
    public static List<String> write(Path parquetRoot, ReportFilter filter, Path file) {
        List<ExperimentView> views = ExperimentView.read(parquetRoot, filter);
        if (views.isEmpty()) {
            return List.of();
        }
        String page = HtmlPage.render(views, filter.scope(), Instant.now());
        writeFile(file, page);
        return views.stream().map(ExperimentView::experiment).toList();
    }

    /** The page for the trials that match, or empty when none does (a service serves it as it is). */
    public static Optional<String> render(Path parquetRoot, ReportFilter filter) {
        List<ExperimentView> views = ExperimentView.read(parquetRoot, filter);
        return views.isEmpty()
                ? Optional.empty()
                : Optional.of(HtmlPage.render(views, filter.scope(), Instant.now()));
    }

    private static void writeFile(Path file, String page) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            DurableFiles.createFolders(parent);
            DurableFiles.writeAtomically(file.toAbsolutePath(), page);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    file + ": cannot write the report: " + e.getMessage(), e);
        }
    }
}
