package storagebench.workload.restore;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import storagebench.BadInputException;
import storagebench.dbms.DatabaseTarget;
import storagebench.dbms.Target;
import storagebench.workload.Param;
import storagebench.workload.ParamType;
import storagebench.workload.Params;
import storagebench.workload.Step;
import storagebench.workload.TrialContext;
import storagebench.workload.Workload;
import storagebench.workload.process.Executables;

/**
 * Seed 004 on Firebird: {@code gbak -c -v -st tdrw BACKUP host/port:<database-root>/<name>.fdb}, timed,
 * its output kept in the trial's directory and read by the gbak parser into sub-steps
 * {@code restore.<step>} (one per table, {@code restore.index <NAME>} per index built). Set-up, untimed,
 * drops what an interrupted trial left and, without {@code backup}, makes one: a database with a table
 * of {@code rows} rows and {@code indexes} indexes, backed up with {@code gbak -b}. Clean-up drops the
 * restored database and the backup it made. gbak gets the credentials from ISC_USER and ISC_PASSWORD,
 * never on its command line.
 */
final class FirebirdRestore implements Workload {
    static final String BACKUP = RestoreParams.BACKUP;
    static final String ROWS = RestoreParams.ROWS;
    static final String INDEXES = RestoreParams.INDEXES;
    static final String PAGE_SIZE = "page-size";
    static final String GBAK = "gbak";
    static final String NAME = RestoreParams.NAME;

    /** The longest suffix added to {@code name}: the generated source database's. */
    static final String LONGEST_SUFFIX = "_src";

    static final List<Long> PAGE_SIZES = List.of(4096L, 8192L, 16384L);

    @Override
    public String name() {
        return "restore";
    }

    @Override
    public String description() {
        return "restore a Firebird backup with gbak -c -v -st tdrw, per-index build times from its log (seed 004)";
    }

    @Override
    public List<Param> params() {
        List<Param> params =
                new ArrayList<>(
                        RestoreParams.common(
                                "the .fbk to restore (on this host)",
                                "an id, one integer column per index and 100 characters of padding",
                                "each on its own column",
                                "<database-root>/<name>.fdb"));
        params.addAll(
                List.of(
                        Param.optional(
                                PAGE_SIZE,
                                ParamType.SIZE,
                                "8KiB",
                                "page size of the restored database (gbak "
                                        + "-page_size) and of the one set-up backs up: 4KiB, 8KiB or 16KiB"),
                        Param.optional(
                                GBAK,
                                ParamType.TEXT,
                                "gbak",
                                "the gbak program: a path, or a name on the PATH")));
        return params;
    }

    @Override
    public void preflight(Target target, List<Params> variants) {
        DatabaseTarget db = (DatabaseTarget) target;
        db.kind().database().requireDatabaseRights(db, "restore");
        for (Params p : variants) {
            String name = p.getText(NAME);
            try {
                db.dialect().identifier(name + LONGEST_SUFFIX);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(
                        "restore: name: "
                                + e.getMessage()
                                + " (with '"
                                + LONGEST_SUFFIX
                                + "' added for the generated database)");
            }
            if (!PAGE_SIZES.contains(p.getSize(PAGE_SIZE))) {
                throw new BadInputException(
                        "restore: page-size: Firebird 3 has pages of 4KiB, 8KiB or 16KiB, got "
                                + p.getSize(PAGE_SIZE)
                                + " bytes");
            }
            if (p.getInt(INDEXES) > 99) {
                throw new BadInputException(
                        "restore: indexes: at most 99, got " + p.getInt(INDEXES));
            }
            Executables.problem(p.getText(GBAK), null)
                    .ifPresent(
                            problem -> {
                                throw new BadInputException(
                                        "restore: gbak: "
                                                + problem
                                                + "; install firebird3.0-utils (Debian) "
                                                + "or set gbak: to its path");
                            });
            String backup = p.getText(BACKUP);
            if (!backup.isEmpty() && !Files.isReadable(Path.of(backup))) {
                throw new BadInputException(
                        "restore: backup: " + backup + " is not a readable file on this host");
            }
        }
    }

    @Override
    public List<Step> steps(TrialContext trial) {
        FirebirdRestoreTrial restore = new FirebirdRestoreTrial(trial);
        return List.of(
                Step.setup("prepare-backup", restore::setup),
                Step.measured("restore", restore::restore).then(restore::parse),
                Step.cleanup("drop-database", restore::cleanup));
    }
}
