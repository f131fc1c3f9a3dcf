package storagebench.logformat.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import storagebench.logformat.Parsed;

/**
 * Turns the jobs of a fio run into steps: one per job and direction that did IO ({@code read},
 * {@code write}, {@code trim}, and {@code sync} when fio counted fsyncs), all of a job in one trial. A
 * job that failed with no IO gives one step {@code io} carrying the error. Every step of a job starts
 * when the job began ({@link FioJobStarts}): its directions ran side by side.
 */
final class FioJobSteps {
    private static final List<String> DIRECTIONS = List.of("read", "write", "trim");

    private FioJobSteps() {}

    static List<Parsed> of(FioRun run) {
        Map<String, Integer> named = new HashMap<>();
        run.jobs().forEach(job -> named.merge(name(job), 1, Integer::sum));
        Map<String, Integer> seen = new HashMap<>();
        List<Instant> starts = FioJobStarts.of(run);
        List<Parsed> steps = new ArrayList<>();
        for (int j = 0; j < run.jobs().size(); j++) {
            FioRun.Job job = run.jobs().get(j);
            String name = name(job);
            int index = seen.merge(name, 1, Integer::sum) - 1;
            String trial = named.get(name) > 1 ? name + "/" + index : name;
            if (!job.node().isObject()) {
                steps.add(
                        new Parsed.Malformed(
                                job.line(),
                                "a fio job that is not a JSON object",
                                job.node().toString()));
            } else {
                steps.addAll(steps(job, trial, factors(run, job.node(), name), starts.get(j)));
            }
        }
        return steps;
    }

    private static List<Parsed.Step> steps(
            FioRun.Job job, String trial, Map<String, String> factors, Instant start) {
        JsonNode node = job.node();
        long error = node.path("error").asLong(0);
        String failed = error == 0 ? null : "fio reported error " + error + " (errno) for the job";
        long wall = 0;
        List<Parsed.Step> steps = new ArrayList<>();
        for (String direction : DIRECTIONS) {
            JsonNode d = node.path(direction);
            if (d.path("total_ios").asLong(0) > 0 || d.path("io_bytes").asLong(0) > 0) {
                long runtimeMs = d.path("runtime").asLong(0);
                wall = Math.max(wall, runtimeMs);
                steps.add(
                        new Parsed.Step(
                                trial,
                                factors,
                                direction,
                                start,
                                nanos(runtimeMs, node),
                                failed,
                                FioMetrics.direction(d, node),
                                job.line()));
            }
        }
        JsonNode sync = node.path("sync");
        if (sync.path("total_ios").asLong(0) > 0) {
            steps.add(
                    new Parsed.Step(
                            trial,
                            factors,
                            "sync",
                            start,
                            nanos(wall, node),
                            failed,
                            FioMetrics.sync(sync),
                            job.line()));
        }
        if (steps.isEmpty() && failed != null) {
            steps.add(
                    new Parsed.Step(
                            trial,
                            factors,
                            "io",
                            start,
                            nanos(0, node),
                            failed,
                            Map.of(),
                            job.line()));
        }
        return steps;
    }

    /**
     * A direction's own runtime; the job's runtime when it has none. Under group_reporting
     * {@code job_runtime} is the sum over the group's jobs, so it is only the fallback.
     */
    private static long nanos(long runtimeMs, JsonNode job) {
        long ms = runtimeMs > 0 ? runtimeMs : job.path("job_runtime").asLong(0);
        return ms * 1_000_000L;
    }

    /** global options, then the job's own options over them, the fio version and the job name. */
    private static Map<String, String> factors(FioRun run, JsonNode job, String name) {
        Map<String, String> factors = new TreeMap<>();
        run.globalOptions().properties().forEach(e -> factors.put(e.getKey(), text(e.getValue())));
        job.path("job options")
                .properties()
                .forEach(e -> factors.put(e.getKey(), text(e.getValue())));
        factors.remove("name"); // the job name, kept as 'job'
        factors.put("job", name);
        factors.put("fio_version", run.version());
        return Collections.unmodifiableMap(factors);
    }

    private static String name(FioRun.Job job) {
        JsonNode name = job.node().path("jobname");
        return name.isValueNode() && !name.asText().isEmpty() ? name.asText() : "job";
    }

    private static String text(JsonNode value) {
        return value.isValueNode() ? value.asText() : value.toString();
    }
}
