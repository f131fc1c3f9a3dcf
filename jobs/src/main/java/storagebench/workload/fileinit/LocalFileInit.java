package storagebench.workload.fileinit;

import java.nio.file.Path;
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
 * Creating data files with and without zeroing them, the local analogue of SQL Server's Instant
 * File Initialization: {@code zero} writes every byte (then fsync), {@code instant} only sets the
 * length, so the file system allocates lazily and nothing is written. The measured step is the
 * creation of all files; deleting them is an untimed clean-up. With {@code grow-to} the files are
 * created at {@code file-size} in an untimed set-up step and the measured step grows them to
 * {@code grow-to} the same way: seed 000's follow-up, growing tempdb files after setup.
 */
public final class LocalFileInit implements Workload {
    static final String FILES = "files";
    static final String FILE_SIZE = "file-size";
    static final String INIT = "init";
    static final String BLOCK_SIZE = "block-size";
    static final String GROW_TO = "grow-to";

    /** The largest zero write: one direct buffer, allocated at set-up. */
    static final long MAX_BLOCK_SIZE = 64L << 20;

    @Override
    public String name() {
        return "file-init";
    }

    @Override
    public String description() {
        return "create N files of size S (or grow them to G) by writing zeros or by instant allocation (seed 000)";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional(FILES, ParamType.INT, "4", "number of files created per trial")
                        .atLeast(1),
                Param.required(FILE_SIZE, ParamType.SIZE, "size of each file, e.g. 8MB, 1GB")
                        .atLeast(1),
                Param.choice(
                        INIT,
                        List.of("zero", "instant"),
                        null,
                        "zero: write zeros then fsync; instant: set the length only (no zeroing), then fsync"),
                Param.optional(
                                BLOCK_SIZE,
                                ParamType.SIZE,
                                "1MiB",
                                "size of each zero write, at most the size a " + "file reaches")
                        .atLeast(4096)
                        .atMost(MAX_BLOCK_SIZE),
                Param.optional(
                        GROW_TO,
                        ParamType.SIZE,
                        "0",
                        "when set, the files are created at file-size "
                                + "untimed and the measured step grows each to this size; 0: no grow step"));
    }

    @Override
    public void check(Params p) {
        long growTo = p.getSize(GROW_TO);
        if (growTo != 0 && growTo <= p.getSize(FILE_SIZE)) {
            throw new ParamException(
                    GROW_TO,
                    "grow-to ("
                            + Values.formatSize(growTo)
                            + ") must be larger than file-size ("
                            + Values.formatSize(p.getSize(FILE_SIZE))
                            + ")");
        }
        if (p.getText(INIT).equals("zero") && p.getSize(BLOCK_SIZE) > finalSize(p)) {
            throw new ParamException(
                    BLOCK_SIZE,
                    "block-size ("
                            + Values.formatSize(p.getSize(BLOCK_SIZE))
                            + ") must be at most the size a file reaches ("
                            + Values.formatSize(finalSize(p))
                            + "); set block-size");
        }
        ParamException.multiply(
                p.getInt(FILES),
                finalSize(p),
                growTo != 0 ? GROW_TO : FILE_SIZE,
                "files × " + (growTo != 0 ? "grow-to" : "file-size"));
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        ParamException.checkAll(this, variants);
        LocalFolder local = LocalFolder.of(target, "file-init");
        local.prepare();
        Params biggest =
                variants.stream().max((a, b) -> Long.compare(bytes(a), bytes(b))).orElseThrow();
        local.requireFreeSpace(
                bytes(biggest),
                "file-init ("
                        + biggest.getInt(FILES)
                        + " files × "
                        + Values.formatSize(finalSize(biggest))
                        + ")");
    }

    /** The size each file ends with: grow-to when set, file-size otherwise. */
    private static long finalSize(Params p) {
        return Math.max(p.getSize(FILE_SIZE), p.getSize(GROW_TO));
    }

    private static long bytes(Params p) {
        return Math.multiplyExact((long) p.getInt(FILES), finalSize(p));
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Params params = trial.params();
        Path dir =
                LocalFolder.of(trial.target(), "file-init")
                        .directory()
                        .resolve(name())
                        .resolve(trial.trialId());
        boolean zero = params.getText(INIT).equals("zero");
        FileSet files =
                new FileSet(
                        dir,
                        params.getInt(FILES),
                        zero ? Math.toIntExact(params.getSize(BLOCK_SIZE)) : 1);
        long size = params.getSize(FILE_SIZE);
        long growTo = params.getSize(GROW_TO);
        if (growTo == 0) {
            return List.of(
                    Step.setup("prepare", files::prepare),
                    Step.measured("create", () -> files.create(zero, size)),
                    Step.cleanup("delete", files::delete));
        }
        return List.of(
                Step.setup("prepare", files::prepare),
                Step.setup("create", () -> files.create(zero, size)),
                Step.measured("grow", () -> files.grow(zero, size, growTo)),
                Step.cleanup("delete", files::delete));
    }
}
