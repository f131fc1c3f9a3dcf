package storagebench.require;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkipSummaryTest {
    private static final Instant BUILD = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir Path target;

    @Test
    void noReportsOrNoSkipsSayNone() throws IOException {
        // given: no reports at all, then one that skipped nothing
        List<String> without = SkipSummary.lines(List.of(target), BUILD);
        report(
                "surefire-reports",
                "a.ATest",
                BUILD,
                "<testcase classname=\"a.ATest\" name=\"x\"/>");
        // when
        List<String> nothingSkipped = SkipSummary.lines(List.of(target), BUILD);
        // then
        assertThat(without)
                .containsExactly("skipped tests: none (no test reports from this build)");
        assertThat(nothingSkipped).containsExactly("skipped tests: none");
    }

    @Test
    void eachReasonOnceWithTheTestsItSkippedFromBothRuns() throws IOException {
        // given
        report(
                "surefire-reports",
                "a.ATest",
                BUILD,
                "<testcase classname=\"a.ATest\" name=\"runs\"/>",
                "<testcase classname=\"a.ATest\" name=\"noO_DIRECT\">"
                        + "<skipped message=\"no O_DIRECT\"/></testcase>");
        report(
                "failsafe-reports",
                "b.BIT",
                BUILD.plusSeconds(60),
                "<testcase classname=\"b.BIT\" name=\"one\">"
                        + "<skipped message=\"postgres is missing: &quot;X&quot; is not set\"/>"
                        + "</testcase>",
                "<testcase classname=\"b.BIT\" name=\"two\"><skipped/></testcase>",
                "<testcase classname=\"b.BIT\" name=\"aborted\">"
                        + "<skipped type=\"org.opentest4j.TestAbortedException\"><![CDATA["
                        + "org.opentest4j.TestAbortedException: postgres is missing: \"X\" is not set\n"
                        + "\tat storagebench.require.Requirement.check(Requirement.java:116)\n"
                        + "]]></skipped></testcase>",
                "<testcase classname=\"b.BIT\" name=\"three\">"
                        + "<skipped message=\"postgres is missing: &quot;X&quot; is not set\"/>"
                        + "</testcase>");
        // when
        List<String> lines = SkipSummary.lines(List.of(target), BUILD);
        // then
        assertThat(lines)
                .containsExactly(
                        "skipped tests: 5",
                        "  no O_DIRECT",
                        "    a.ATest.noO_DIRECT",
                        "  postgres is missing: \"X\" is not set",
                        "    b.BIT.one",
                        "    b.BIT.aborted",
                        "    b.BIT.three",
                        "  (no reason given)",
                        "    b.BIT.two");
    }

    @Test
    void reportsOlderThanTheBuildAreLeftOutAndABrokenOneIsNamed() throws IOException {
        // given: an earlier build's report, and one this build's fork left half written
        report(
                "failsafe-reports",
                "c.OldIT",
                BUILD.minusSeconds(1),
                "<testcase classname=\"c.OldIT\" name=\"x\"><skipped message=\"old\"/></testcase>");
        Path broken =
                Files.writeString(
                        target.resolve("failsafe-reports").resolve("TEST-d.DIT.xml"),
                        "<testsuite><testcase");
        // when
        List<String> lines = SkipSummary.lines(List.of(target), BUILD);
        // then
        assertThat(lines).hasSize(3);
        assertThat(lines.get(0)).isEqualTo("skipped tests: 1");
        assertThat(lines.get(1)).startsWith("  a report that cannot be read (");
        assertThat(lines.get(2)).isEqualTo("    " + broken);
    }

    private void report(String dir, String testClass, Instant written, String... cases)
            throws IOException {
        Path file = target.resolve(dir).resolve("TEST-" + testClass + ".xml");
        Files.createDirectories(file.getParent());
        Files.writeString(
                file,
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\""
                        + testClass
                        + "\">"
                        + String.join("", cases)
                        + "</testsuite>\n");
        Files.setLastModifiedTime(file, FileTime.from(written));
    }
}
