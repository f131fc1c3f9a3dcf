package storagebench.logformat.benchbase;

import java.util.List;
import java.util.Optional;

/**
 * The files a BenchBase run writes into its results folder that are told apart by their first lines:
 * {@code <ts>.summary.json}, the windowed {@code <ts>.results.csv} / {@code <ts>.results.<Txn>.csv}
 * (latencies in milliseconds), {@code <ts>.samples.csv} (microseconds, with a request count), and the
 * per-request {@code <ts>.raw.csv}, which is recognised but not read.
 */
enum BenchbaseForm {
    SUMMARY,
    RESULTS,
    SAMPLES,
    RAW;

    static final String EXPECTED =
            "a benchbase (BenchBase) summary.json, results.csv, results.<Txn>.csv or samples.csv";

    /** The form of a file from its first lines. */
    static Optional<BenchbaseForm> detect(List<String> head) {
        List<String> lines = head.subList(0, Math.min(head.size(), 20));
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("{")) {
                return lines.subList(i, lines.size()).stream()
                                .anyMatch(
                                        l ->
                                                l.contains("\"Throughput (requests/second)\"")
                                                        || l.contains("\"Latency Distribution\"")
                                                        || l.contains("\"Benchmark Type\"")
                                                        || l.contains("\"DBMS Type\""))
                        ? Optional.of(SUMMARY)
                        : Optional.empty();
            }
            if (line.startsWith("Time (seconds),Throughput (requests/second),Average Latency")) {
                return Optional.of(RESULTS);
            }
            if (line.startsWith("Time (seconds),Requests,Throughput (requests/second)")) {
                return Optional.of(SAMPLES);
            }
            if (line.startsWith("Transaction Type Index,Transaction Name,Start Time")) {
                return Optional.of(RAW);
            }
            return Optional.empty();
        }
        return Optional.empty();
    }
}
