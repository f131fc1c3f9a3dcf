package storagebench.cli;

import ch.qos.logback.classic.pattern.MessageConverter;
import ch.qos.logback.classic.spi.ILoggingEvent;
import storagebench.config.Secrets;

/**
 * The log's {@code %msg}, secrets removed ({@link Secrets#redactText}): whatever a message quotes (a
 * command's stderr, a URL, a config value) reaches the console and the logs without a password.
 */
public final class RedactedMessage extends MessageConverter {
    @Override
    public String convert(ILoggingEvent event) {
        return Secrets.redactText(super.convert(event));
    }
}
