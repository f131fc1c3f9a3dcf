package storagebench.broker;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Broker processes outlive the command that started them, as users want; a test's temporary data
 * directory must not keep one. Registered for every test (service loader): after each test the brokers
 * it first used (started, or found started by a command in a child process) are stopped, after each
 * class those its {@code @BeforeAll} used — before JUnit deletes the temporary folders.
 */
public final class StopStartedBrokers
        implements BeforeEachCallback, AfterEachCallback, AfterAllCallback {
    private static final ExtensionContext.Namespace NS =
            ExtensionContext.Namespace.create(StopStartedBrokers.class);

    @Override
    public void beforeEach(ExtensionContext context) {
        context.getStore(NS).put("before", BrokerProcess.usedHere().size());
    }

    @Override
    public void afterEach(ExtensionContext context) {
        Integer before = context.getStore(NS).get("before", Integer.class);
        List<BrokerFiles> started = BrokerProcess.usedHere();
        stop(started.subList(before == null ? 0 : before, started.size()));
    }

    @Override
    public void afterAll(ExtensionContext context) {
        stop(BrokerProcess.usedHere());
    }

    private static void stop(List<BrokerFiles> brokers) {
        brokers.forEach(files -> BrokerProcess.stop(files, Duration.ofSeconds(30)));
    }
}
