package storagebench.serve;

import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;
import storagebench.report.RunOverview;
import storagebench.storage.ReadableDataset;

/**
 * What the dashboard reads of the dataset, read again in the background whenever the dataset changed
 * (a roll rewrites an offset marker), so a page never waits for a scan of the dataset but the first.
 */
final class DatasetViews {
    private static final Logger log = LoggerFactory.getLogger(DatasetViews.class);

    private final ReadableDataset dataset;
    private final int runsShown;
    private volatile Read read;

    /** One reading of the dataset, and the version it read. */
    private record Read(String version, List<RunOverview> runs, List<RegressionRow> regressions) {}

    DatasetViews(ReadableDataset dataset, int runsShown) {
        this.dataset = dataset;
        this.runsShown = runsShown;
    }

    /** The dataset's local folder, as it is now, for a page read on request. */
    Path folder() {
        return dataset.folder();
    }

    List<RunOverview> runs() {
        return current().runs();
    }

    List<RegressionRow> regressions() {
        return current().regressions();
    }

    private Read current() {
        Read now = read;
        if (now == null) {
            refresh();
            now = read;
        }
        return now;
    }

    /** Reads the dataset again if it changed since it was last read; a failure keeps the last reading. */
    synchronized void refresh() {
        String version = dataset.version();
        if (read != null && version.equals(read.version())) {
            return;
        }
        try {
            read =
                    new Read(
                            version,
                            RunOverview.read(dataset.folder(), ReportFilter.all(), runsShown),
                            RegressionRow.read(dataset.folder(), ReportFilter.all()));
        } catch (RuntimeException e) {
            log.warn("the dataset could not be read for the dashboard: {}", e.getMessage());
            if (read == null) {
                read = new Read("", List.of(), List.of());
            }
        }
    }
}
