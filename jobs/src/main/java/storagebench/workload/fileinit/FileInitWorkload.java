package storagebench.workload.fileinit;

import java.nio.file.Path;
import java.util.List;
import storagebench.BadInputException;
import storagebench.experiment.Values;
import storagebench.target.LocalTarget;
import storagebench.target.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Creating data files with and without zeroing them, the local analogue of SQL Server's Instant
 * File Initialization: {@code zero} writes every byte (then fsync), {@code instant} only sets the
 * length, so the file system allocates lazily and nothing is written. The measured step is the
 * creation of all files; deleting them is an untimed clean-up.
 */
public final class FileInitWorkload implements Workload {
    static final String FILES = "files";
    static final String FILE_SIZE = "file-size";
    static final String INIT = "init";
    static final String BLOCK_SIZE = "block-size";

    @Override
    public String name() {
        return "file-init";
    }

    @Override
    public String description() {
        return "create N files of size S by writing zeros or by instant allocation (seed 000)";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional(FILES, ParamType.INT, "4", "number of files created per trial").atLeast(1),
                Param.required(FILE_SIZE, ParamType.SIZE, "size of each file, e.g. 8MB, 1GB").atLeast(1),
                Param.choice(INIT, List.of("zero", "instant"), null,
                        "zero: write zeros then fsync; instant: set the length only (no zeroing), then fsync"),
                Param.optional(BLOCK_SIZE, ParamType.SIZE, "1MiB", "size of each zero write").atLeast(4096));
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        LocalTarget local = local(target);
        local.prepare();
        Params biggest = variants.stream()
                .max((a, b) -> Long.compare(bytes(a), bytes(b))).orElseThrow();
        local.requireFreeSpace(bytes(biggest), "file-init (" + biggest.getInt(FILES) + " files × "
                + Values.formatSize(biggest.getSize(FILE_SIZE)) + ")");
    }

    private static long bytes(Params p) {
        return Math.multiplyExact((long) p.getInt(FILES), p.getSize(FILE_SIZE));
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        Params params = trial.params();
        Path dir = local(trial.target()).directory().resolve(name()).resolve(trial.trialId());
        FileSet files = new FileSet(dir, params.getInt(FILES), params.getSize(FILE_SIZE),
                (int) params.getSize(BLOCK_SIZE));
        boolean zero = params.getText(INIT).equals("zero");
        return List.of(
                Step.setup("prepare", files::prepare),
                Step.measured("create", zero ? files::createZeroed : files::createInstant),
                Step.cleanup("delete", files::delete));
    }

    private static LocalTarget local(Target target) {
        if (target instanceof LocalTarget local) {
            return local;
        }
        throw new BadInputException("file-init runs on the local target only in this version");
    }
}
