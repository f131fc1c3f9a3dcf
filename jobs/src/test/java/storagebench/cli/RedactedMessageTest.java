package storagebench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** Every log line's message goes through the same redaction as everything recorded. */
class RedactedMessageTest {
    @Test
    void aLoggedCommandLineShowsNoPassword() {
        // given
        LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
        Logger logger = context.getLogger("storagebench.test");
        LoggingEvent event =
                new LoggingEvent(
                        Logger.class.getName(),
                        logger,
                        Level.WARN,
                        "setup step failed: {}",
                        null,
                        new Object[] {"sqlcmd -S db -P hunter2 exited with 1"});
        // when
        String message = new RedactedMessage().convert(event);
        // then
        assertThat(message).isEqualTo("setup step failed: sqlcmd -S db -P *** exited with 1");
    }
}
