package storagebench.require;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

/**
 * {@link Needs} and {@link Requirement}'s calls on fixture classes run by JUnit's test kit, with the
 * browser's paths pointed at files of the test's own (so that "missing" and "present" do not depend
 * on the machine) and {@code -Dstoragebench.require} set per case. The fixtures are nested classes:
 * surefire and failsafe never run them on their own.
 */
class NeedsExtensionTest {
    private static final List<String> PROPERTIES =
            List.of(Requirement.PROPERTY, "storagebench.chromium", "storagebench.chromedriver");

    private final Map<String, String> saved = new HashMap<>();
    @TempDir Path tmp;

    @BeforeEach
    void save() {
        PROPERTIES.forEach(p -> saved.put(p, System.getProperty(p)));
    }

    @AfterEach
    void restore() {
        saved.forEach(
                (p, value) -> {
                    if (value == null) {
                        System.clearProperty(p);
                    } else {
                        System.setProperty(p, value);
                    }
                });
    }

    @Test
    void missingAndNotNamedTheTestIsSkippedWithTheReason() {
        // given
        browserMissing();
        promise("");
        // when
        Events tests = run(BrowserOnMethod.class).testEvents();
        // then
        assertThat(tests.started().count()).isZero();
        assertThat(tests.skipped().list()).singleElement();
        assertThat(reason(tests.skipped().list().get(0)))
                .startsWith(
                        "browser is missing: " + tmp.resolve("chromium") + " is not an executable")
                .contains("Skipped, as -Dstoragebench.require does not name browser")
                .contains(".ci/run installs Debian's chromium and chromium-driver");
    }

    @Test
    void missingAndNamedTheTestFailsSayingWhatWhyAndHowCiProvidesIt() {
        // given
        browserMissing();
        promise("postgres, browser");
        // when
        Events tests = run(BrowserOnMethod.class).testEvents();
        // then
        assertThat(tests.failed().list()).singleElement();
        assertThat(failure(tests.failed().list().get(0)))
                .hasMessageStartingWith("browser is missing: " + tmp.resolve("chromium"))
                .hasMessageContaining("-Dstoragebench.require names browser")
                .hasMessageContaining(".ci/run installs Debian's chromium and chromium-driver");
    }

    @Test
    void presentTheTestRuns() throws IOException {
        // given
        browserPresent();
        promise("browser");
        // when
        Events tests = run(BrowserOnMethod.class).testEvents();
        // then
        assertThat(tests.succeeded().list()).singleElement();
        assertThat(tests.skipped().count() + tests.failed().count()).isZero();
    }

    @Test
    void onAClassTheClassIsSkippedOrFailsAsAWhole() {
        // given
        browserMissing();
        // when
        promise("");
        EngineExecutionResults unnamed = run(BrowserOnClass.class);
        promise("browser");
        EngineExecutionResults named = run(BrowserOnClass.class);
        // then
        assertThat(unnamed.testEvents().started().count()).isZero();
        assertThat(unnamed.containerEvents().skipped().list())
                .singleElement()
                .satisfies(e -> assertThat(reason(e)).startsWith("browser is missing"));
        assertThat(named.testEvents().started().count()).isZero();
        assertThat(named.containerEvents().failed().list())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(failure(e))
                                        .hasMessageContaining(
                                                "-Dstoragebench.require names browser"));
    }

    @Test
    void aCaseThatChecksWhileRunningIsSkippedOrFailsAloneAndTheOthersRun() {
        // given
        browserMissing();
        // when
        promise("");
        Events unnamed = run(CasePerRequirement.class).testEvents();
        promise("browser");
        Events named = run(CasePerRequirement.class).testEvents();
        // then: the cluster's case runs, the browser's is aborted (a skip) or fails
        assertThat(unnamed.succeeded().count()).isOne();
        assertThat(unnamed.aborted().list())
                .singleElement()
                .satisfies(
                        e -> assertThat(failure(e)).hasMessageStartingWith("browser is missing"));
        assertThat(named.succeeded().count()).isOne();
        assertThat(named.failed().list())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(failure(e))
                                        .hasMessageContaining(
                                                "-Dstoragebench.require names browser"));
    }

    @Test
    void missingFoundWhileRunningSkipsOrFailsWithTheReasonAndCause() {
        // when
        promise("");
        Events unnamed = run(ClusterThatDoesNotStart.class).testEvents();
        promise("hdfs");
        Events named = run(ClusterThatDoesNotStart.class).testEvents();
        // then
        assertThat(unnamed.aborted().list())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(failure(e))
                                        .hasMessageStartingWith(
                                                "hdfs is missing: MiniDFSCluster did not start:"
                                                        + " no port")
                                        .hasCauseInstanceOf(IOException.class));
        assertThat(named.failed().list())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(failure(e))
                                        .hasMessageStartingWith("hdfs is missing")
                                        .hasMessageContaining("-Dstoragebench.require names hdfs")
                                        .hasMessageContaining("MiniDFSCluster from Hadoop's")
                                        .hasCauseInstanceOf(IOException.class));
    }

    @Test
    void aNameTheRequirementsDoNotKnowFailsListingTheKnownOnes() throws IOException {
        // given: the browser is there, so only the name fails
        browserPresent();
        promise("postgres,browsr");
        // when
        Events tests = run(BrowserOnMethod.class).testEvents();
        // then
        assertThat(tests.failed().list())
                .singleElement()
                .satisfies(
                        e ->
                                assertThat(failure(e))
                                        .hasStackTraceContaining(
                                                "-Dstoragebench.require=postgres,browsr: no"
                                                        + " requirement 'browsr'; known: postgres,"
                                                        + "firebird,sqlserver,browser,cluster,netns,tmpfs,"
                                                        + "loop,hdfs,s3"));
    }

    private void promise(String names) {
        System.setProperty(Requirement.PROPERTY, names);
    }

    private void browserMissing() {
        System.setProperty("storagebench.chromium", tmp.resolve("chromium").toString());
        System.setProperty("storagebench.chromedriver", tmp.resolve("chromedriver").toString());
    }

    private void browserPresent() throws IOException {
        browserMissing();
        for (String name : List.of("chromium", "chromedriver")) {
            Files.createFile(
                    tmp.resolve(name),
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rwx------")));
        }
    }

    private static EngineExecutionResults run(Class<?> fixture) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(fixture)).execute();
    }

    private static String reason(Event skipped) {
        return skipped.getRequiredPayload(String.class);
    }

    private static Throwable failure(Event finished) {
        return finished.getRequiredPayload(TestExecutionResult.class).getThrowable().orElseThrow();
    }

    static class BrowserOnMethod {
        @Needs(Requirement.BROWSER)
        @Test
        void usesTheBrowser() {}
    }

    @Needs(Requirement.BROWSER)
    static class BrowserOnClass {
        @Test
        void usesTheBrowser() {}
    }

    static class CasePerRequirement {
        @ParameterizedTest
        @EnumSource(names = {"CLUSTER", "BROWSER"})
        void kase(Requirement requirement) {
            requirement.check();
        }
    }

    static class ClusterThatDoesNotStart {
        @Test
        void startsItsCluster() {
            try {
                throw new IOException("no port");
            } catch (IOException e) {
                throw Requirement.HDFS.missing(
                        "MiniDFSCluster did not start: " + e.getMessage(), e);
            }
        }
    }
}
