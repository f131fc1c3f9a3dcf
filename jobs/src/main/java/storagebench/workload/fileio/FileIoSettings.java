package storagebench.workload.fileio;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import storagebench.config.Values;
import storagebench.workload.ParamException;
import storagebench.workload.Params;
import storagebench.workload.SteadyState;
import storagebench.workload.sampling.CapTable;

/**
 * The checked parameters of one file-io trial.
 *
 * @param files data files
 * @param fileSize bytes of each file
 * @param ioSize bytes of each IO, also the offset alignment
 * @param threads worker threads (the concurrency)
 * @param duration how long the workers run
 * @param readPercent chance in percent that an IO is a read
 * @param dsync whether files are opened with DSYNC, so each write reaches the device before it returns
 * @param direct whether files are opened with O_DIRECT, bypassing the page cache
 * @param caps per-file caps by size tier, or none
 * @param sizeScale the factor from real to modelled file size for the tier lookup
 * @param interval the length of one IoSample interval
 * @param seed the seed of the random offsets, mixed with the trial index
 * @param steadyState when to end an unmeasured ramp before measuring, or null to measure at once
 */
record FileIoSettings(
        int files,
        long fileSize,
        int ioSize,
        int threads,
        Duration duration,
        int readPercent,
        boolean dsync,
        boolean direct,
        CapTable caps,
        long sizeScale,
        Duration interval,
        long seed,
        SteadyState steadyState) {

    /** Reads and checks the parameters; the exception message names the parameter and the reason. */
    static FileIoSettings of(Params p) {
        long fileSize = p.getSize(LocalFileIo.FILE_SIZE);
        long ioSize = p.getSize(LocalFileIo.IO_SIZE);
        if (ioSize > fileSize) {
            throw new ParamException(
                    LocalFileIo.IO_SIZE,
                    "io-size "
                            + Values.formatSize(ioSize)
                            + " is larger than file-size "
                            + Values.formatSize(fileSize));
        }
        int readPercent = p.getInt(LocalFileIo.READ_PERCENT);
        if (readPercent < 0 || readPercent > 100) {
            throw new ParamException(
                    LocalFileIo.READ_PERCENT, "read-percent must be 0 to 100, got " + readPercent);
        }
        CapTable caps;
        try {
            caps = CapTable.parse(p.getText(LocalFileIo.CAPS));
        } catch (IllegalArgumentException e) {
            throw new ParamException(LocalFileIo.CAPS, "caps: " + e.getMessage());
        }
        long sizeScale = p.getInt(LocalFileIo.SIZE_SCALE);
        ParamException.multiply(
                fileSize, sizeScale, LocalFileIo.SIZE_SCALE, "file-size × size-scale");
        ParamException.multiply(
                p.getInt(LocalFileIo.FILES), fileSize, LocalFileIo.FILE_SIZE, "files × file-size");
        return new FileIoSettings(
                p.getInt(LocalFileIo.FILES),
                fileSize,
                Math.toIntExact(ioSize),
                p.getInt(LocalFileIo.THREADS),
                duration(p, LocalFileIo.DURATION),
                readPercent,
                p.getText(LocalFileIo.SYNC).strip().equals("dsync"),
                p.getBoolean(LocalFileIo.DIRECT),
                caps,
                sizeScale,
                duration(p, LocalFileIo.INTERVAL),
                p.getInt(LocalFileIo.SEED),
                SteadyState.parse(p.getText(SteadyState.PARAM), List.of("iops")));
    }

    private static Duration duration(Params p, String name) {
        String text = p.getText(name);
        Duration d = Values.parseDuration(text);
        if (d == null || d.isZero()) {
            throw new ParamException(
                    name,
                    name
                            + " must be a duration above 0 such as 500ms, 30s or 2m, got '"
                            + text
                            + "'");
        }
        return d;
    }

    /** The longest ramp before measuring: the steady state's max-ramp, else the duration. */
    Duration maxRamp() {
        return steadyState == null
                ? Duration.ZERO
                : steadyState.maxRamp() != null ? steadyState.maxRamp() : duration;
    }

    /** The size the cap table is looked up with: the real size times size-scale. */
    long modelledSize() {
        return fileSize * sizeScale;
    }

    Optional<CapTable.Tier> tier() {
        return caps.tierFor(modelledSize());
    }

    /** Whole IO-sized blocks per file: offsets are {@code block × ioSize}. */
    long blocks() {
        return fileSize / ioSize;
    }

    long totalBytes() {
        return Math.multiplyExact((long) files, fileSize);
    }
}
