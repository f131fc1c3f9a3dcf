package storagebench.workload.restore;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import storagebench.logformat.Parsed;

/** Lines as pg_restore 15 prints them with -v (serial) and -v -j 2 (parallel), stamped by hand. */
class PgRestoreProgressTest {
    private static final long MS = 1_000_000;
    private static final Instant START = Instant.parse("2026-11-30T08:00:00Z");

    @Test
    void aSerialItemRunsFromItsLineToTheNextAndTheLastToTheEnd() {
        // given
        PgRestoreProgress progress = new PgRestoreProgress(0, START, Map.of("jobs", "1"));
        String[] lines = {
            "pg_restore: connecting to database for restore",
            "pg_restore: creating TABLE \"public.t\"",
            "pg_restore: processing data for table \"public.t\"",
            "pg_restore: creating CONSTRAINT \"public.t t_pkey\"",
            "pg_restore: creating INDEX \"public.t_i1\"",
            "pg_restore: creating INDEX \"public.t_i2\"",
        };
        long[] at = {1, 14, 28, 139, 201, 490};
        // when
        for (int i = 0; i < lines.length; i++) {
            progress.line(at[i] * MS, lines[i]);
        }
        List<Parsed.Step> steps = progress.finish(800 * MS, null);
        // then
        assertThat(steps)
                .extracting(Parsed.Step::step)
                .containsExactly(
                        "table t", "data t", "constraint t t_pkey", "index t_i1", "index t_i2");
        assertThat(steps)
                .extracting(Parsed.Step::durationNs)
                .containsExactly(14 * MS, 111 * MS, 62 * MS, 289 * MS, 310 * MS);
        assertThat(steps.get(1).start()).isEqualTo(START.plusMillis(28));
        assertThat(steps.get(1).metrics()).containsEntry("at_s", 0.028);
        assertThat(steps.get(1).factors()).containsEntry("jobs", "1");
        assertThat(steps).allSatisfy(s -> assertThat(s.error()).isNull());
    }

    @Test
    void aParallelItemRunsFromLaunchingToFinishedAndItsCreatingLineIsIgnored() {
        // given
        PgRestoreProgress progress = new PgRestoreProgress(0, START, Map.of());
        Object[][] lines = {
            {1, "pg_restore: processing item 214 TABLE t"},
            {2, "pg_restore: creating TABLE \"public.t\""},
            {10, "pg_restore: entering main parallel loop"},
            {11, "pg_restore: launching item 3342 TABLE DATA t"},
            {12, "pg_restore: processing data for table \"public.t\""},
            {100, "pg_restore: finished item 3342 TABLE DATA t"},
            {101, "pg_restore: launching item 3196 INDEX t_i1"},
            {102, "pg_restore: launching item 3197 INDEX t_i2"},
            {103, "pg_restore: creating INDEX \"public.t_i1\""},
            {104, "pg_restore: creating INDEX \"public.t_i2\""},
            {300, "pg_restore: finished item 3197 INDEX t_i2"},
            {350, "pg_restore: finished item 3196 INDEX t_i1"},
            {351, "pg_restore: launching item 3199 CONSTRAINT t t_pkey"},
        };
        // when
        feed(progress, lines);
        List<Parsed.Step> steps = progress.finish(400 * MS, null);
        // then: the table ends where the parallel loop starts; the constraint never finished
        assertThat(steps)
                .extracting(Parsed.Step::step)
                .containsExactly(
                        "table t", "data t", "index t_i2", "index t_i1", "constraint t t_pkey");
        assertThat(steps)
                .extracting(Parsed.Step::durationNs)
                .containsExactly(8 * MS, 89 * MS, 198 * MS, 249 * MS, 49 * MS);
        assertThat(steps.get(4).error()).isEqualTo("pg_restore ended before the item finished");
    }

    @Test
    void messagesOfTwoProcessesInterleavedOnOneLineAreEachRead() {
        // given: pg_restore -j 2 as printed (its processes share stderr and write a message's
        // prefix, space, text and newline apart): a prefix doubled, a text on a line of its own
        PgRestoreProgress progress = new PgRestoreProgress(0, START, Map.of());
        Object[][] lines = {
            {1, "pg_restore: creating TABLE \"public.t\""},
            {10, "pg_restore: entering main parallel loop"},
            {11, "pg_restore:pg_restore:  launching item 3342 TABLE DATA t"},
            {12, "processing data for table \"public.t\""},
            {100, "pg_restore: finished item 3342 TABLE DATA t"},
            {101, "pg_restore: launching item 3196 INDEX t_i1"},
            {102, "pg_restore: pg_restore: creating INDEX \"public.t_i1\""},
            {102, "launching item 3197 INDEX t_i2"},
            {103, " creating INDEX \"public.t_i2\"pg_restore:"},
            {300, " finished item 3197 INDEX t_i2"},
            {350, "pg_restore:pg_restore:  finished item 3196 INDEX t_i1"},
            {350, "finished main parallel loop"},
        };
        // when
        feed(progress, lines);
        List<Parsed.Step> steps = progress.finish(400 * MS, null);
        // then: every item, none twice, and the creating lines inside the loop ignored
        assertThat(steps)
                .extracting(Parsed.Step::step)
                .containsExactly("table t", "data t", "index t_i2", "index t_i1");
        assertThat(steps)
                .extracting(Parsed.Step::durationNs)
                .containsExactly(9 * MS, 89 * MS, 198 * MS, 249 * MS);
        assertThat(steps).allSatisfy(s -> assertThat(s.error()).isNull());
    }

    /** Each line as arrived at its millisecond: {@code {ms, text}}. */
    private static void feed(PgRestoreProgress progress, Object[][] lines) {
        for (Object[] line : lines) {
            progress.line((Integer) line[0] * MS, (String) line[1]);
        }
    }
}
