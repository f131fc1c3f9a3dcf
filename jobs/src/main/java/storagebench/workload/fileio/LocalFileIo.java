package storagebench.workload.fileio;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import storagebench.BadInputException;
import storagebench.config.Values;
import storagebench.dbms.LocalFolder;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.SteadyState;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;

/**
 * Random IO on data files at a given concurrency, with optional per-file IOPS and throughput caps
 * by file-size tier: seed 003's capped cloud disk, where a small data file is throttled to 500 IOPS
 * and its IOs queue far longer than the device takes. Setting up the files (zeros, fsync) and
 * deleting them are untimed; the measured step {@code io} runs the workers for the duration and
 * emits one IoSample per file and interval.
 */
public final class LocalFileIo implements Workload {
    static final String FILES = "files";
    static final String FILE_SIZE = "file-size";
    static final String IO_SIZE = "io-size";
    static final String THREADS = "threads";
    static final String DURATION = "duration";
    static final String READ_PERCENT = "read-percent";
    static final String SYNC = "sync";
    static final String DIRECT = "direct";
    static final String CAPS = "caps";
    static final String SIZE_SCALE = "size-scale";
    static final String INTERVAL = "interval";
    static final String SEED = "seed";
    static final String STEP = "io";

    /** The largest IO: each worker holds one buffer of it. */
    static final long MAX_IO_SIZE = 64L << 20;

    @Override
    public String name() {
        return "file-io";
    }

    @Override
    public String description() {
        return "random IO at concurrency C on files of size S, optionally capped per file by size tier (seed 003)";
    }

    @Override
    public List<Param> params() {
        return List.of(
                Param.optional(FILES, ParamType.INT, "1", "number of data files").atLeast(1),
                Param.required(FILE_SIZE, ParamType.SIZE, "size of each data file, e.g. 256MB")
                        .atLeast(1),
                Param.optional(
                                IO_SIZE,
                                ParamType.SIZE,
                                "8KiB",
                                "bytes per IO, also the offset alignment, at most " + "64MiB")
                        .atLeast(512)
                        .atMost(MAX_IO_SIZE),
                Param.optional(
                                THREADS,
                                ParamType.INT,
                                "1",
                                "worker threads, each with one IO in flight")
                        .atLeast(1),
                Param.optional(
                        DURATION,
                        ParamType.TEXT,
                        "30s",
                        "how long the workers run, e.g. 500ms, 30s, 2m"),
                Param.optional(
                                READ_PERCENT,
                                ParamType.INT,
                                "0",
                                "share of reads in percent, 0 (all writes) to 100 (all reads); reads get what the OS gives, "
                                        + "the page cache included unless direct")
                        .atLeast(0),
                Param.choice(
                        SYNC,
                        List.of("none", "dsync"),
                        "dsync",
                        "dsync: open with DSYNC so each write reaches the device before it returns; none: page cache"),
                Param.optional(
                        DIRECT,
                        ParamType.BOOLEAN,
                        "false",
                        "open with O_DIRECT (bypass the page cache); refused on file systems without it, e.g. tmpfs"),
                Param.optional(
                        CAPS,
                        ParamType.TEXT,
                        "none",
                        "per-file caps SIZE:IOPS:MBPS by size tier, e.g. 128GB:500:100, 1TB:5000:200; "
                                + "premium-disk (seed 003's tiers) or none"),
                Param.optional(
                                SIZE_SCALE,
                                ParamType.INT,
                                "1",
                                "file-size × this is the size the caps are looked up with (1024: 128MB counts as 128GB)")
                        .atLeast(1),
                Param.optional(INTERVAL, ParamType.TEXT, "1s", "length of one IoSample interval"),
                Param.optional(
                        SteadyState.PARAM,
                        ParamType.SETTINGS,
                        SteadyState.OFF,
                        "ramp, unmeasured, until IOPS are steady, then measure for the duration:"
                                + " {metric: iops, window: 10s, max-slope: 2%, max-ramp: 2m}"
                                + " (max-ramp defaults to the duration); none: measure at once"),
                Param.optional(
                        SEED,
                        ParamType.INT,
                        "1",
                        "seed of the random offsets, mixed with the trial index"));
    }

    @Override
    public void check(Params variant) {
        FileIoSettings.of(variant);
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        LocalFolder local = LocalFolder.of(target, "file-io");
        local.prepare();
        long biggest = 0;
        boolean direct = false;
        for (Params p : variants) {
            FileIoSettings s = settings(p);
            biggest = Math.max(biggest, s.totalBytes());
            direct |= s.direct();
        }
        local.requireFreeSpace(
                biggest, "file-io (" + Values.formatSize(biggest) + " of data files)");
        if (direct) {
            try {
                DataFiles.probeDirect(local.directory());
                checkAlignment(local.directory(), variants);
            } catch (IOException e) {
                throw new BadInputException("file-io: " + e.getMessage());
            }
        }
    }

    private static void checkAlignment(Path dir, List<Params> variants) throws IOException {
        int alignment = DataFiles.directAlignment(dir);
        for (Params p : variants) {
            if (settings(p).direct() && settings(p).ioSize() % alignment != 0) {
                throw new IOException(
                        "direct: true needs io-size to be a multiple of "
                                + alignment
                                + " bytes on this file system, got "
                                + settings(p).ioSize());
            }
        }
    }

    static FileIoSettings settings(Params params) {
        try {
            return FileIoSettings.of(params);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("file-io: " + e.getMessage());
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        FileIoSettings settings = settings(trial.params());
        Path dir =
                LocalFolder.of(trial.target(), "file-io")
                        .directory()
                        .resolve(name())
                        .resolve(trial.trialId());
        DataFiles files = new DataFiles(dir, settings.files(), settings.fileSize());
        FileIoRun run = new FileIoRun(trial, STEP, settings, files);
        return List.of(
                Step.setup(
                        "create",
                        () -> {
                            files.create();
                            run.prepare();
                            return Map.of();
                        }),
                Step.measured(STEP, run::run),
                Step.cleanup(
                        "delete",
                        () -> {
                            files.delete();
                            return Map.of();
                        }));
    }
}
