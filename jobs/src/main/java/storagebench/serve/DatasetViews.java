package storagebench.serve;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.compare.Mechanism;
import storagebench.report.HostFigure;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;
import storagebench.report.RunOverview;
import storagebench.report.Tables;
import storagebench.storage.ReadableDataset;

/**
 * What the dashboard reads of the dataset, read again whenever the dataset changed (a roll rewrites an
 * offset marker): in the background when a run ends while a page is open ({@link LiveProgress}), so
 * that page does not wait for a scan of the dataset; otherwise by the first request that finds it
 * changed.
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

    /** The dataset's version as it is now: it changes whenever a roll changed the dataset. */
    String version() {
        return dataset.version();
    }

    List<RunOverview> runs() {
        return current().runs();
    }

    List<RegressionRow> regressions() {
        return current().regressions();
    }

    /** The reading of the dataset as it is now: read again first if a roll changed it. */
    private Read current() {
        refresh();
        return read;
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
                            explained(
                                    dataset.folder(),
                                    RegressionRow.read(dataset.folder(), ReportFilter.all())));
        } catch (RuntimeException e) {
            log.warn("the dataset could not be read for the dashboard: {}", e.getMessage());
            if (read == null) {
                read = new Read("", List.of(), List.of());
            }
        }
    }

    /** The newest regressions explained at most: each costs two reads of the host figures. */
    static final int EXPLAINED = 50;

    /**
     * Each regression with what the host did differently in its run (its change point's run) from
     * the runs of its window (those before the change point)
     * ({@code compare/Mechanism}, as under a verdict), where both have host samples or waits.
     */
    static List<RegressionRow> explained(Path folder, List<RegressionRow> rows) {
        if (rows.isEmpty()) {
            return rows;
        }
        List<RegressionRow> out = new ArrayList<>();
        try (Tables tables = Tables.open(folder)) {
            for (RegressionRow r : rows) {
                if (out.size() >= EXPLAINED || r.windowRuns().isEmpty()) {
                    out.add(r);
                    continue;
                }
                List<HostFigure> latest =
                        HostFigure.read(tables, r.experiment(), List.of(r.where()), r.host());
                List<HostFigure> window =
                        HostFigure.read(tables, r.experiment(), r.windowRuns(), r.host());
                out.add(
                        r.withWhy(
                                Mechanism.of(
                                        Mechanism.arm(
                                                latest,
                                                r.experiment(),
                                                r.host(),
                                                r.variant(),
                                                r.step()),
                                        Mechanism.arm(
                                                window,
                                                r.experiment(),
                                                r.host(),
                                                r.variant(),
                                                r.step()))));
            }
        }
        return List.copyOf(out);
    }
}
