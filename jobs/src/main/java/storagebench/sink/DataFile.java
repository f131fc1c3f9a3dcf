package storagebench.sink;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Name of one dataset file: {@code <topic>+<partition>+<firstOffset>+<lastOffset>.parquet}, offsets
 * zero-padded to 20 digits so names sort by offset. While being written the file is
 * {@code .<topic>+<partition>+<firstOffset>.tmp} in the same folder: hidden from readers, and
 * recognisable by recovery. Kafka topic names cannot contain {@code +}, so the parts parse back.
 */
public record DataFile(String topic, int partition, long firstOffset, long lastOffset) {
    public static final String SUFFIX = ".parquet";
    public static final String TEMP_SUFFIX = storagebench.DurableFiles.TEMP_SUFFIX;
    private static final Pattern FINAL =
            Pattern.compile("([^+]+)\\+(\\d+)\\+(\\d{20})\\+(\\d{20})\\.parquet");
    private static final Pattern TEMP = Pattern.compile("\\.([^+]+)\\+(\\d+)\\+(\\d{20})\\.tmp");

    public DataFile {
        if (firstOffset < 0 || lastOffset < firstOffset) {
            throw new IllegalArgumentException(
                    "bad offset range " + firstOffset + ".." + lastOffset);
        }
    }

    public String fileName() {
        return topic + "+" + partition + "+" + pad(firstOffset) + "+" + pad(lastOffset) + SUFFIX;
    }

    /** The temporary name of a file of this topic-partition that starts at {@code firstOffset}. */
    public static String tempName(String topic, int partition, long firstOffset) {
        return "." + topic + "+" + partition + "+" + pad(firstOffset) + TEMP_SUFFIX;
    }

    /** A finished dataset file's name parsed back, or empty for any other name. */
    public static Optional<DataFile> parse(String fileName) {
        Matcher m = FINAL.matcher(fileName);
        if (!m.matches()) {
            return Optional.empty();
        }
        return Optional.of(
                new DataFile(
                        m.group(1),
                        Integer.parseInt(m.group(2)),
                        Long.parseLong(m.group(3)),
                        Long.parseLong(m.group(4))));
    }

    /** Whether {@code fileName} is a temporary file of this topic-partition. */
    public static boolean isTempOf(String fileName, String topic, int partition) {
        Matcher m = TEMP.matcher(fileName);
        return m.matches() && m.group(1).equals(topic) && Integer.parseInt(m.group(2)) == partition;
    }

    public boolean belongsTo(String topic, int partition) {
        return this.topic.equals(topic) && this.partition == partition;
    }

    private static String pad(long offset) {
        String digits = Long.toString(offset);
        return "0".repeat(20 - digits.length()) + digits;
    }
}
