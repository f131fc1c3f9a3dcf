package storagebench.runner;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.batch.core.BatchStatus;
import org.springframework.batch.core.job.Job;
import org.springframework.batch.core.job.JobExecution;
import org.springframework.batch.core.job.parameters.JobParameters;
import org.springframework.batch.core.job.parameters.JobParametersBuilder;
import org.springframework.batch.core.launch.JobOperator;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import storagebench.BadInputException;
import storagebench.Settings;

/** Starts the Spring Batch job of one run (or continues a killed one) against the job repository. */
public final class Runner {
    private Runner() {
    }

    /** How the job ended. */
    public record Outcome(BatchStatus status, int trials, int failures, String error) {
    }

    public static Outcome execute(Settings settings, RunContext run, boolean restart) {
        String url = settings.jobRepositoryUrl().orElseGet(() -> defaultUrl(settings.dataDir()));
        String user = settings.jobRepositoryUser().orElse(settings.jobRepositoryUrl().isPresent() ? "" : "sa");
        String password = settings.jobRepositoryPassword().orElse("");
        JobRepositorySchema.ensure(url, user, password);
        Map<String, Object> props = new LinkedHashMap<>();
        props.put("spring.datasource.url", url);
        props.put("spring.datasource.username", user);
        props.put("spring.datasource.password", password);
        props.put("spring.batch.job.enabled", "false");
        props.put("spring.batch.jdbc.initialize-schema", "never");
        props.put("spring.main.log-startup-info", "false");
        try (ConfigurableApplicationContext context = new SpringApplicationBuilder(RunnerConfiguration.class)
                .web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF).properties(props)
                .initializers(c -> c.getBeanFactory().registerSingleton("runContext", run)).run()) {
            JobOperator operator = context.getBean(JobOperator.class);
            JobRepository repository = context.getBean(JobRepository.class);
            Job job = context.getBean(Job.class);
            JobParameters parameters = new JobParametersBuilder().addString("run.id", run.runId()).toJobParameters();
            JobExecution last = repository.getLastJobExecution(job.getName(), parameters);
            if (restart) {
                prepareRestart(operator, last, run.runId());
            } else if (last != null) {
                throw new BadInputException("run " + run.runId() + " already exists in the job repository");
            }
            JobExecution execution = operator.start(job, parameters);
            Progress progress = context.getBean(Progress.class);
            String error = execution.getAllFailureExceptions().stream().map(Throwable::getMessage).findFirst()
                    .orElse(null);
            return new Outcome(execution.getStatus(), progress.done(), progress.failures(), error);
        } catch (BadInputException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException("run " + run.runId() + " could not be executed: " + e.getMessage(), e);
        }
    }

    private static void prepareRestart(JobOperator operator, JobExecution last, String runId) {
        if (last == null) {
            throw new BadInputException("run " + runId + " is not in the job repository; nothing to restart");
        }
        BatchStatus status = last.getStatus();
        if (status == BatchStatus.COMPLETED) {
            throw new BadInputException("run " + runId + " already completed; nothing to restart");
        }
        if (status.isRunning()) {
            // The run lock proved its process is gone: mark the stale execution failed so it can restart.
            operator.recover(last);
        }
    }

    static String defaultUrl(Path dataDir) {
        return "jdbc:h2:file:" + dataDir.resolve("job-repository").resolve("batch").toAbsolutePath()
                + ";AUTO_SERVER=TRUE";
    }
}
