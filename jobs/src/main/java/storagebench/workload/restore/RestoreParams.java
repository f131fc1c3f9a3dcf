package storagebench.workload.restore;

import java.util.List;
import storagebench.workload.Param;
import storagebench.workload.ParamType;

/**
 * The parameters every restore has, whatever the target: the backup to restore, or the rows and
 * indexes of the one set-up makes, and the restored database's name. Same names and defaults on every
 * target, so that one experiment can be pointed at another server.
 */
final class RestoreParams {
    static final String BACKUP = "backup";
    static final String ROWS = "rows";
    static final String INDEXES = "indexes";
    static final String NAME = "name";

    private RestoreParams() {}

    /**
     * @param backup what a given backup is on this target (its format and where it must be)
     * @param rowsDoc what a generated backup's rows are like on this target
     * @param indexesDoc what its indexes are on this target
     * @param nameDoc what the name becomes on this target (files, databases)
     */
    static List<Param> common(String backup, String rowsDoc, String indexesDoc, String nameDoc) {
        return List.of(
                Param.optional(
                        BACKUP,
                        ParamType.TEXT,
                        "",
                        backup + "; empty: set-up makes one from rows and " + "indexes, untimed"),
                Param.optional(
                                ROWS,
                                ParamType.INT,
                                "100000",
                                "rows of the generated backup's table: " + rowsDoc)
                        .atLeast(1),
                Param.optional(
                                INDEXES,
                                ParamType.INT,
                                "4",
                                "indexes of the generated backup's table, each built by "
                                        + "the restore: "
                                        + indexesDoc)
                        .atLeast(0),
                Param.optional(
                        NAME,
                        ParamType.TEXT,
                        "sb_restore",
                        "the restored database (letters, digits, '_'): "
                                + nameDoc
                                + "; a generated backup's source is <name>_src"));
    }
}
