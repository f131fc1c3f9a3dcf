package storagebench.workload.filegroup;

import storagebench.config.Values;
import storagebench.workload.ParamException;
import storagebench.workload.Params;

/**
 * The shape of one trial, read once from its parameters.
 *
 * @param files data files in the filegroup
 * @param fileSize each data file's size, a whole number of extents
 * @param pageSize bytes per page; an extent is 8 pages
 * @param rows rows inserted, one page and one commit each
 * @param zeroed whether data files are presized by writing zeros (else by setting their length)
 * @param fullLogRecord whether a log record carries the page image (else only its header)
 * @param sync whether each commit forces the log to disk
 */
record Layout(
        int files,
        long fileSize,
        int pageSize,
        int rows,
        boolean zeroed,
        boolean fullLogRecord,
        boolean sync) {
    static final int MAX_PAGE_SIZE = 1 << 20;

    static Layout of(Params p) {
        return new Layout(
                p.getInt(LocalFilegroupInsert.FILES),
                p.getSize(LocalFilegroupInsert.FILE_SIZE),
                Math.toIntExact(p.getSize(LocalFilegroupInsert.PAGE_SIZE)),
                p.getInt(LocalFilegroupInsert.ROWS),
                p.getText(LocalFilegroupInsert.PRESIZE).equals("zero"),
                p.getText(LocalFilegroupInsert.LOG_RECORD).equals("full"),
                p.getText(LocalFilegroupInsert.SYNC).equals("fsync"));
    }

    long extentBytes() {
        return (long) pageSize * PageAllocator.PAGES_PER_EXTENT;
    }

    long extentsPerFile() {
        return fileSize / extentBytes();
    }

    /** Pages the filegroup holds: it does not grow, as the seed's files did not. */
    long capacityPages() {
        return Math.multiplyExact(
                Math.multiplyExact((long) files, extentsPerFile()), PageAllocator.PAGES_PER_EXTENT);
    }

    int logRecordBytes() {
        return WriteAheadLog.HEADER_BYTES + (fullLogRecord ? pageSize : 0);
    }

    long logBytes() {
        return (long) rows * logRecordBytes();
    }

    /** Disk space a trial needs: every data file at full size, and the log. */
    long diskBytes() {
        try {
            return Math.addExact(Math.multiplyExact((long) files, fileSize), logBytes());
        } catch (ArithmeticException e) {
            throw new ParamException(
                    LocalFilegroupInsert.FILE_SIZE,
                    "files × file-size and the log are more " + "than 8 EiB");
        }
    }

    /** Refuses a variant that cannot run, naming the parameter to blame. */
    void check() {
        ParamException.multiply(
                files, fileSize, LocalFilegroupInsert.FILE_SIZE, "files × file-size");
        if (fileSize % extentBytes() != 0) {
            throw new ParamException(
                    LocalFilegroupInsert.FILE_SIZE,
                    "file-size "
                            + Values.formatSize(fileSize)
                            + " is not a whole number of extents (8 pages of "
                            + Values.formatSize(pageSize)
                            + " = "
                            + Values.formatSize(extentBytes())
                            + ")");
        }
        if (rows > capacityPages()) {
            throw new ParamException(
                    LocalFilegroupInsert.ROWS,
                    "the filegroup is full before the last row: "
                            + rows
                            + " rows need "
                            + rows
                            + " pages but "
                            + files
                            + " files × "
                            + Values.formatSize(fileSize)
                            + " hold "
                            + capacityPages()
                            + " pages of "
                            + Values.formatSize(pageSize)
                            + " (files do not grow); add files or file-size");
        }
        diskBytes(); // the files and the log fit in a long, or a ParamException says not
    }
}
