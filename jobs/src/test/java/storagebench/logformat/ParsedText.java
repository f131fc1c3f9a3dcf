package storagebench.logformat;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import storagebench.events.IoSample;

/**
 * One line of text per parsed record, for golden files: every field, map keys sorted, numbers to 12
 * significant digits (the same on every JVM, unlike Double.toString), line ends, tabs and other
 * control characters escaped.
 */
public final class ParsedText {
    private ParsedText() {}

    public static String render(Parsed record) {
        if (record instanceof Parsed.Step s) {
            return "step line="
                    + s.line()
                    + " trial="
                    + text(s.trial())
                    + " step="
                    + text(s.step())
                    + " factors="
                    + map(s.factors())
                    + " start="
                    + s.start()
                    + " duration_ns="
                    + s.durationNs()
                    + " error="
                    + (s.error() == null ? "null" : text(s.error()))
                    + " metrics="
                    + map(s.metrics());
        }
        if (record instanceof Parsed.Sample s) {
            IoSample.Builder b = s.sample();
            return "sample line="
                    + s.line()
                    + " trial="
                    + text(s.trial())
                    + " step="
                    + text(s.step())
                    + " factors="
                    + map(s.factors())
                    + " file="
                    + text(b.getFile())
                    + " interval_start="
                    + b.getIntervalStart()
                    + " interval_ms="
                    + number(b.getIntervalMs())
                    + " reads="
                    + b.getReads()
                    + " writes="
                    + b.getWrites()
                    + " bytes_read="
                    + b.getBytesRead()
                    + " bytes_written="
                    + b.getBytesWritten()
                    + " iops="
                    + number(b.getIops())
                    + " mb_per_s="
                    + number(b.getMbPerS())
                    + " read_latency_avg_us="
                    + number(b.getReadLatencyAvgUs())
                    + " write_latency_avg_us="
                    + number(b.getWriteLatencyAvgUs())
                    + " queued_ms="
                    + number(b.getQueuedMs())
                    + " device_ms="
                    + number(b.getDeviceMs())
                    + " size_bytes="
                    + b.getSizeBytes()
                    + " p50/p95/p99/max_us="
                    + number(b.getLatencyP50Us())
                    + "/"
                    + number(b.getLatencyP95Us())
                    + "/"
                    + number(b.getLatencyP99Us())
                    + "/"
                    + number(b.getLatencyMaxUs());
        }
        if (record instanceof Parsed.HostRow h) {
            return "host line="
                    + h.line()
                    + " trial="
                    + text(h.trial())
                    + " step="
                    + text(h.step())
                    + " factors="
                    + map(h.factors())
                    + " interval_start="
                    + h.intervalStart()
                    + " interval_ms="
                    + number(h.intervalMs())
                    + " source="
                    + text(h.source())
                    + " name="
                    + text(h.name())
                    + " metrics="
                    + map(h.metrics());
        }
        Parsed.Malformed m = (Parsed.Malformed) record;
        return "malformed line="
                + m.line()
                + " reason="
                + text(m.reason())
                + " text="
                + text(m.text());
    }

    private static String map(Map<String, ?> map) {
        return new TreeMap<>(map)
                .entrySet().stream()
                        .map(
                                e ->
                                        text(e.getKey())
                                                + "="
                                                + (e.getValue() instanceof Double d
                                                        ? number(d)
                                                        : text(String.valueOf(e.getValue()))))
                        .collect(Collectors.joining(", ", "{", "}"));
    }

    private static String number(Double d) {
        if (d == null || !Double.isFinite(d)) {
            return String.valueOf(d);
        }
        return new BigDecimal(d).round(new MathContext(12)).stripTrailingZeros().toPlainString();
    }

    /** Line ends, tabs and other control characters escaped, so a record stays on one line. */
    private static String text(String s) {
        StringBuilder out = new StringBuilder();
        for (char c : s.toCharArray()) {
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7F) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.toString();
    }
}
