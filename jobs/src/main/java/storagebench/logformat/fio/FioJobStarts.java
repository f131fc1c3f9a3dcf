package storagebench.logformat.fio;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * When each job of a fio run began. A job's own {@code job_start} (milliseconds since 1970, written by
 * fio versions that have it) where it is there and plausible. Otherwise from the document: fio wrote it
 * at {@code timestamp_ms} after running {@code elapsed} seconds (rounded up), so it began at the report
 * time less the elapsed seconds, up to a second early. Every job began then, unless the jobs' groups
 * ({@code groupid}: {@code stonewall} starts a new one) fit one after another into the elapsed time:
 * then each group began when the one before it had run its longest job. A document without a time says
 * nothing, and its jobs' starts are null. A job's {@code startdelay} and {@code ramp_time} (its own option,
 * else the global one) come after its group began and before what fio measured, so they are added to
 * the worked-out start and to its group's length; a {@code job_start} is already of the measured phase
 * (fio sets it again when the ramp ends).
 */
final class FioJobStarts {
    /** 2000-01-01: a {@code job_start} before it is not of the real-time clock. */
    private static final Instant PLAUSIBLE = Instant.ofEpochSecond(946_684_800L);

    private FioJobStarts() {}

    /**
     * When each job began, in the order of {@code run.jobs()}; null where the output does not say, and for
     * every job when its figures are out of any clock's range.
     */
    static List<Instant> of(FioRun run) {
        try {
            return starts(run);
        } catch (ArithmeticException | DateTimeException e) {
            return Collections.nCopies(run.jobs().size(), null);
        }
    }

    private static List<Instant> starts(FioRun run) {
        long elapsedMs = 0;
        for (FioRun.Job job : run.jobs()) {
            elapsedMs =
                    Math.max(
                            elapsedMs,
                            Math.multiplyExact(job.node().path("elapsed").asLong(0), 1000L));
        }
        Instant began =
                run.reported() == null || elapsedMs == 0
                        ? run.reported()
                        : run.reported().minusMillis(elapsedMs);
        List<Long> leads = new ArrayList<>();
        for (FioRun.Job job : run.jobs()) {
            leads.add(leadMs(run.globalOptions(), job.node()));
        }
        Map<Long, Long> offsets = groupOffsets(run.jobs(), leads, elapsedMs);
        List<Instant> starts = new ArrayList<>();
        for (int j = 0; j < run.jobs().size(); j++) {
            JsonNode job = run.jobs().get(j).node();
            Instant own = ownStart(job, run.reported(), elapsedMs);
            if (own != null) {
                starts.add(own);
            } else if (began == null) {
                starts.add(null);
            } else {
                long offset = offsets.getOrDefault(groupId(job), 0L);
                starts.add(began.plusMillis(Math.addExact(offset, leads.get(j))));
            }
        }
        return starts;
    }

    /**
     * Each group's start after fio began: the longest jobs of the groups before it (lead included), when
     * all the groups' longest jobs fit one after another into the elapsed time; nothing (all at once) when
     * they do not.
     */
    private static Map<Long, Long> groupOffsets(
            List<FioRun.Job> jobs, List<Long> leads, long elapsedMs) {
        Map<Long, Long> longest = new TreeMap<>();
        for (int j = 0; j < jobs.size(); j++) {
            JsonNode job = jobs.get(j).node();
            longest.merge(groupId(job), Math.addExact(leads.get(j), wallMs(job)), Math::max);
        }
        long serial =
                longest.values().stream().mapToLong(Long::longValue).reduce(0, Math::addExact);
        Map<Long, Long> offsets = new HashMap<>();
        if (longest.size() > 1 && serial <= elapsedMs) {
            long at = 0;
            for (Map.Entry<Long, Long> group : longest.entrySet()) {
                offsets.put(group.getKey(), at);
                at = Math.addExact(at, group.getValue());
            }
        }
        return offsets;
    }

    /** The job's {@code job_start}, when it is of the real-time clock and within the run; else null. */
    private static Instant ownStart(JsonNode job, Instant reported, long elapsedMs) {
        JsonNode start = job.path("job_start");
        if (!start.canConvertToLong() || start.asLong() <= 0) {
            return null;
        }
        Instant at = Instant.ofEpochMilli(start.asLong());
        boolean within =
                reported == null
                        || !at.isAfter(reported)
                                && !at.isBefore(
                                        reported.minus(Duration.ofMillis(elapsedMs + 1000)));
        return at.isAfter(PLAUSIBLE) && within ? at : null;
    }

    /**
     * How long the job waited and ramped before fio measured: {@code startdelay} (a range's low end) and
     * {@code ramp_time}, each the job's own option else the global one; 0 for what does not read as a
     * time.
     */
    private static long leadMs(JsonNode globalOptions, JsonNode job) {
        long lead = 0;
        for (String option : List.of("startdelay", "ramp_time")) {
            JsonNode value = job.path("job options").path(option);
            if (value.isMissingNode()) {
                value = globalOptions.path(option);
            }
            lead = Math.addExact(lead, FioTime.millis(value.asText("")));
        }
        return lead;
    }

    private static long groupId(JsonNode job) {
        return job.path("groupid").asLong(0);
    }

    /**
     * How long the job ran: its longest direction, else {@code job_runtime} (which under
     * group_reporting is the sum over the group's jobs, so only the fallback).
     */
    private static long wallMs(JsonNode job) {
        long wall = 0;
        for (String direction : List.of("read", "write", "trim")) {
            wall = Math.max(wall, job.path(direction).path("runtime").asLong(0));
        }
        return wall > 0 ? wall : job.path("job_runtime").asLong(0);
    }
}
