package storagebench.spark;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;

/** The warnings Spark logs (through log4j 2, its logging) while this is attached. */
final class SparkWarnings extends AbstractAppender {
    private final List<String> messages = new CopyOnWriteArrayList<>();

    private SparkWarnings() {
        super("spark-warnings", null, null, true, Property.EMPTY_ARRAY);
    }

    static SparkWarnings attach() {
        SparkWarnings warnings = new SparkWarnings();
        warnings.start();
        LoggerContext context = (LoggerContext) LogManager.getContext(false);
        context.getConfiguration().getRootLogger().addAppender(warnings, Level.WARN, null);
        context.updateLoggers();
        return warnings;
    }

    @Override
    public void append(LogEvent event) {
        messages.add(event.getMessage().getFormattedMessage());
    }

    /** The messages since the last call. */
    List<String> take() {
        List<String> taken = List.copyOf(messages);
        messages.removeAll(taken);
        return taken;
    }
}
