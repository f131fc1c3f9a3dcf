package storagebench.importer;

import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/**
 * What the import's reader hands on, file after file: the start of a file, each of its records, then
 * its end (or why it could not be read on). Each names the file's import it belongs to.
 */
sealed interface ImportItem {
    ImportContext run();

    /** A file's import begins: its RunStarted. */
    record Begin(ImportContext run) implements ImportItem {}

    /**
     * @param number the record's number, from 1
     * @param parsed what the parser read
     * @param placement where it belongs, null when malformed (already quarantined)
     */
    record Numbered(ImportContext run, long number, Parsed parsed, TrialLedger.Placement placement)
            implements ImportItem {}

    /**
     * @param totals the whole file's
     * @param quarantine its malformed records, ready to be published
     */
    record End(ImportContext run, TrialLedger.Totals totals, QuarantineFile quarantine)
            implements ImportItem {}

    /**
     * The file could not be read to its end (the records before are published as usual).
     *
     * @param error why
     */
    record Failed(ImportContext run, String error) implements ImportItem {}
}
