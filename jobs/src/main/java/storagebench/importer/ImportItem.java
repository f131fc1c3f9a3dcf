package storagebench.importer;

import storagebench.logformat.Parsed;
import storagebench.logformat.QuarantineFile;

/** What the import's reader hands on: each record of the file, then the end of the file. */
sealed interface ImportItem {

    /**
     * @param number the record's number, from 1
     * @param parsed what the parser read
     * @param placement where it belongs, null when malformed (already quarantined)
     */
    record Numbered(long number, Parsed parsed, TrialLedger.Placement placement)
            implements ImportItem {}

    /**
     * @param totals the whole file's
     * @param quarantine its malformed records, ready to be published
     */
    record End(TrialLedger.Totals totals, QuarantineFile quarantine) implements ImportItem {}
}
