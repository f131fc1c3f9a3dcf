package storagebench.batch;

import java.util.Map;
import org.springframework.batch.core.configuration.support.DefaultBatchConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * What every Spring Batch job of the tool shares (runs and imports): a Spring context of its own
 * around one job configuration, on an in-memory job repository that lives and dies with the job.
 * Spring Batch runs the job's chunks; it keeps no record of them: which trials (which records) a run
 * has is what the topic holds, and a run continued after any loss asks the topic alone (see
 * docs/exactly-once.md). The job's own objects are registered as beans before the configuration asks
 * for them. {@link BatchJob} launches the context's job.
 */
public final class BatchContext {
    private BatchContext() {}

    /**
     * Starts the Spring context of {@code configuration}, with Spring Batch's in-memory job repository,
     * job operator and transaction manager.
     *
     * @param beans singletons the configuration's bean methods take as parameters, by bean name
     */
    public static ConfigurableApplicationContext start(
            Class<?> configuration, Map<String, Object> beans) {
        AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
        beans.forEach((name, bean) -> context.getBeanFactory().registerSingleton(name, bean));
        context.register(InMemory.class, configuration);
        context.refresh();
        return context;
    }

    /**
     * Spring Batch's defaults: a {@code ResourcelessJobRepository} (one job execution, in memory), a
     * synchronous job operator, and the transaction manager of a step whose writes are its own (Kafka
     * transactions, the targets' connections).
     */
    @Configuration(proxyBeanMethods = false)
    static class InMemory extends DefaultBatchConfiguration {
        @Bean
        PlatformTransactionManager transactionManager() {
            return getTransactionManager();
        }
    }
}
