package storagebench.workload.filegroup;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import storagebench.config.Values;
import storagebench.dbms.LocalFolder;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamException;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Single-row inserts into a filegroup of N data files (seed 001): each row fills one page, placed
 * by {@link ProportionalFill} in extents of 8 pages, and commits alone: the page is written in its
 * file without a sync, a log record is appended and the log forced. The measured step is all rows
 * plus the final checkpoint (log, then every data file, forced). Creating, presizing and opening the
 * files, and zeroing the log, are untimed set-up; closing and deleting them, untimed clean-up.
 */
public final class LocalFilegroupInsert implements Workload {
    static final String FILES = "files";
    static final String FILE_SIZE = "file-size";
    static final String ROWS = "rows";
    static final String PAGE_SIZE = "page-size";
    static final String PRESIZE = "presize";
    static final String LOG_RECORD = "log-record";
    static final String SYNC = "sync";

    @Override
    public String name() {
        return "filegroup-insert";
    }

    @Override
    public String description() {
        return "insert R one-page rows, one commit each, into a filegroup of N files of size S (seed 001)";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.required(FILES, ParamType.INT, "data files in the filegroup").atLeast(1),
                Param.required(
                                FILE_SIZE,
                                ParamType.SIZE,
                                "size of each data file, whole extents, e.g. 20MB")
                        .atLeast(1),
                Param.optional(
                                ROWS,
                                ParamType.INT,
                                "100000",
                                "rows inserted, one page and one commit each")
                        .atLeast(1),
                Param.optional(PAGE_SIZE, ParamType.SIZE, "8KiB", "page size; an extent is 8 pages")
                        .atLeast(512)
                        .atMost(Layout.MAX_PAGE_SIZE),
                Param.choice(
                        PRESIZE,
                        List.of("zero", "instant"),
                        "instant",
                        "zero: write zeros over the data files at set-up; instant: set their length only"),
                Param.choice(
                        LOG_RECORD,
                        List.of("full", "header"),
                        "full",
                        "full: a 64-byte header and the page image per row; header: the header only"),
                Param.choice(
                        SYNC,
                        List.of("fsync", "none"),
                        "fsync",
                        "fsync: force the log at every commit; none: never per commit, only at the checkpoint"));
    }

    @Override
    public void check(Params variant) {
        Layout.of(variant).check();
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        ParamException.checkAll(this, variants);
        LocalFolder local = LocalFolder.of(target, "filegroup-insert");
        local.prepare();
        Layout biggest =
                variants.stream()
                        .map(Layout::of)
                        .max(Comparator.comparingLong(Layout::diskBytes))
                        .orElseThrow();
        local.requireFreeSpace(
                biggest.diskBytes(),
                "filegroup-insert ("
                        + biggest.files()
                        + " files × "
                        + Values.formatSize(biggest.fileSize())
                        + " and a log of "
                        + Values.formatSize(biggest.logBytes())
                        + ")");
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Path dir =
                LocalFolder.of(trial.target(), "filegroup-insert")
                        .directory()
                        .resolve(name())
                        .resolve(trial.trialId());
        InsertTrial insert = new InsertTrial(dir, Layout.of(trial.params()));
        return List.of(
                Step.setup("create-files", insert::setup),
                Step.measured("insert", insert::insert),
                Step.cleanup("delete-files", insert::cleanup));
    }
}
