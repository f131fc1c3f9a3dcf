package storagebench.importer;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FileExperimentTest {

    @ParameterizedTest
    @CsvSource({
        "fio, nightly-2026-11-01.json, fio-nightly",
        "fio, nightly-20261101.json, fio-nightly",
        "fio, nightly-20261101-0415.json, fio-nightly",
        "fio, 2026-11-01T04:15:00Z-nightly.json, fio-nightly",
        "fio, fio-randwrite.json, fio-randwrite",
        "fio, FIO_randwrite.json, FIO_randwrite",
        "fio, fio-4k.json, fio-4k",
        "fio, fio-8k.json, fio-8k",
        "fio, fiona.json, fio-fiona",
        "fio, 2026-11-01.json, fio",
        "benchbase, tpcc_2024-06-04_12-00-01.summary.json, benchbase-tpcc",
        "benchbase, tpcc_2024-06-04_12-00-01.results.csv, benchbase-tpcc",
        "hammerdb, hammerdb_6660DE9C5FB303E243236393.log, hammerdb",
        "hammerdb, hammerdb-balanced-1.log, hammerdb-balanced-1",
        "hammerdb, hdbxtprofile.log, hammerdb-hdbxtprofile",
        "pgbench, pgbench_log.12345, pgbench_log",
        "pgbench, pgbench_log.12345.1, pgbench_log",
        "timing-log, setup 2026-11-30 (copy).log, timing-log-setup_copy",
        "iostat, iostat-1796616736.log, iostat",
        "csv, inserts-1000000.csv, csv-inserts-1000000",
        "csv, .hidden.csv, csv-hidden",
        "pgbench, pg15.2-results.txt, pgbench-pg15.2-results",
        "iostat, db1.example.com-iostat.log, iostat-db1.example.com-iostat",
        "benchbase, tpcc_2024-06-04_12-00-01.results.NewOrder.csv, benchbase-tpcc",
        "fio, nightly-2026-11-01.json.gz, fio-nightly"
    })
    void aFilesExperimentIsWhatTheFileIsNotWhenItWasWritten(
            String format, String file, String experiment) {
        assertThat(FileExperiment.of(format, file)).isEqualTo(experiment);
    }
}
