package storagebench.events;

import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.specific.SpecificRecord;
import storagebench.BadInputException;
import storagebench.config.InputLimits;
import storagebench.config.Settings;

/**
 * The largest event the topic takes: the producer's {@code max.request.size} (Kafka's default 1 MiB,
 * or {@code kafka.client.max.request.size}) and the topic's {@code max.message.bytes} (Kafka's
 * default, 1 MiB and 12 bytes), whichever is smaller. An event above it is refused before it is sent,
 * naming its largest field, instead of failing in the producer as a RecordTooLargeException.
 */
public final class EventSizeLimit {
    /** Kafka's default {@code max.request.size} of a producer. */
    static final int PRODUCER_DEFAULT = 1_048_576;

    /** Kafka's default {@code message.max.bytes} of a broker: a topic's limit unless it sets its own. */
    static final int TOPIC_DEFAULT = 1_048_588;

    /** What a record adds to its key and value: its header, the batch's header, the type header. */
    static final int RECORD_OVERHEAD = 256;

    /** What a RunStarted carries beside its config text (ids, host, target, settings), generously. */
    static final int RUN_STARTED_FIELDS = 64 * 1024;

    private static final Pattern TOP_LEVEL_KEY = Pattern.compile("([A-Za-z0-9_.-]+)\\s*:");

    private final long limit;
    private final String name;

    private EventSizeLimit(long limit, String name) {
        this.limit = limit;
        this.name = name;
    }

    /** The limit of the settings' producer and a topic with Kafka's default limit. */
    public static EventSizeLimit of(Settings settings) {
        String asked = settings.kafkaClient().get("max.request.size");
        long producer = PRODUCER_DEFAULT;
        if (asked != null) {
            try {
                producer = Long.parseLong(asked.strip());
            } catch (NumberFormatException e) {
                // the producer refuses it when it starts, naming it
            }
        }
        return producer <= TOPIC_DEFAULT
                ? new EventSizeLimit(
                        producer,
                        "the producer's max.request.size"
                                + (asked == null ? "" : " (kafka.client.max.request.size)"))
                : new EventSizeLimit(
                        TOPIC_DEFAULT, "the topic's max.message.bytes (Kafka's default)");
    }

    public long bytes() {
        return limit;
    }

    /**
     * Refuses, before anything runs, a config whose RunStarted would be too large: it carries the
     * config's text, so the text names the part that is too big.
     */
    public void checkConfig(String file, String configText) {
        long text = configText.getBytes(StandardCharsets.UTF_8).length;
        if (text + RUN_STARTED_FIELDS + RECORD_OVERHEAD <= limit) {
            return;
        }
        throw new BadInputException(
                file
                        + ": the config is "
                        + InputLimits.bytes(text)
                        + "; its RunStarted event carries it and would exceed "
                        + name
                        + " of "
                        + InputLimits.bytes(limit)
                        + " (less "
                        + RUN_STARTED_FIELDS / 1024
                        + " KiB for the event's other fields)"
                        + largestPart(configText)
                        + "; make it smaller");
    }

    /** Refuses an encoded event above the limit, naming its largest field. */
    void check(SpecificRecord event, int keyBytes, int valueBytes) {
        long size = (long) keyBytes + valueBytes + RECORD_OVERHEAD;
        if (size <= limit) {
            return;
        }
        throw new EventTooLargeException(
                "the event "
                        + EventType.of(event).schemaName()
                        + " is "
                        + InputLimits.bytes(size)
                        + " with its key and record overhead, more than "
                        + name
                        + " of "
                        + InputLimits.bytes(limit)
                        + largestField(event)
                        + "; nothing was sent");
    }

    /** The config's largest top-level key, its first line and its size, as "; its largest part ...". */
    static String largestPart(String configText) {
        String largest = null;
        long largestLine = 0;
        long most = 0;
        String key = null;
        long keyLine = 0;
        long size = 0;
        long number = 0;
        for (String line : (configText + "\n").split("\n", -1)) {
            number++;
            Matcher top = TOP_LEVEL_KEY.matcher(line);
            if (top.lookingAt()) {
                key = top.group(1);
                keyLine = number;
                size = 0;
            }
            size += line.getBytes(StandardCharsets.UTF_8).length + 1;
            if (key != null && size > most) {
                most = size;
                largest = key;
                largestLine = keyLine;
            }
        }
        return largest == null
                ? ""
                : "; its largest part is '"
                        + largest
                        + "' (line "
                        + largestLine
                        + "), "
                        + InputLimits.bytes(most);
    }

    private static String largestField(SpecificRecord event) {
        String largest = null;
        long most = 0;
        for (Schema.Field field : event.getSchema().getFields()) {
            Object value = event.get(field.pos());
            long size =
                    value == null
                            ? 0
                            : String.valueOf(value).getBytes(StandardCharsets.UTF_8).length;
            if (size > most) {
                most = size;
                largest = field.name();
            }
        }
        return largest == null
                ? ""
                : ": its largest field is " + largest + ", " + InputLimits.bytes(most);
    }

    /** An event too large for the topic: refused before it was sent. */
    public static final class EventTooLargeException extends BadInputException {
        EventTooLargeException(String message) {
            super(message);
        }
    }
}
