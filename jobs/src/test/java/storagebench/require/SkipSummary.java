package storagebench.require;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Every test a build skipped, with its reason, from the XML reports surefire and failsafe write
 * ({@code <testcase classname name><skipped message/>}): "skipped tests: none", or their count, then
 * each reason once with the tests ({@code class.method}) it skipped under it. Printed at the end of
 * the jobs module's verify phase (exec-maven-plugin in jobs/pom.xml: reports older than the build
 * are left out) and by .ci/run after mvn, whether or not the build passed. JDK classes only: both
 * run it as a source file, which needs no build.
 *
 * <pre>java jobs/src/test/java/storagebench/require/SkipSummary.java [--since INSTANT] TARGET_DIR...</pre>
 */
public final class SkipSummary {
    private static final List<String> REPORTS = List.of("surefire-reports", "failsafe-reports");

    private SkipSummary() {}

    public static void main(String[] args) throws Exception {
        Instant since = Instant.EPOCH;
        List<Path> targets = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--since") && i + 1 < args.length) {
                since = Instant.parse(args[++i]);
            } else {
                targets.add(Path.of(args[i]));
            }
        }
        lines(targets, since).forEach(System.out::println);
    }

    /** The summary of the reports under each target directory written at or after {@code since}. */
    static List<String> lines(List<Path> targets, Instant since) throws IOException {
        Map<String, List<String>> testsByReason = new LinkedHashMap<>();
        int count = 0;
        int read = 0;
        for (Path target : targets) {
            for (String reports : REPORTS) {
                for (Path report : reports(target.resolve(reports), since)) {
                    read++;
                    for (String[] skip : skipped(report)) {
                        testsByReason.computeIfAbsent(skip[1], r -> new ArrayList<>()).add(skip[0]);
                        count++;
                    }
                }
            }
        }
        List<String> lines = new ArrayList<>();
        lines.add(
                "skipped tests: "
                        + (read == 0
                                ? "none (no test reports from this build)"
                                : count == 0 ? "none" : count));
        testsByReason.forEach(
                (reason, tests) -> {
                    lines.add("  " + reason);
                    tests.forEach(test -> lines.add("    " + test));
                });
        return lines;
    }

    private static List<Path> reports(Path dir, Instant since) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> reports = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                if (name.startsWith("TEST-")
                        && name.endsWith(".xml")
                        && !Files.getLastModifiedTime(file).toInstant().isBefore(since)) {
                    reports.add(file);
                }
            }
        }
        return reports;
    }

    /** {class.method, reason} per skipped test case of one report. */
    private static List<String[]> skipped(Path report) throws IOException {
        List<String[]> skipped = new ArrayList<>();
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // throws, never prints
            NodeList cases = builder.parse(report.toFile()).getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                Element testcase = (Element) cases.item(i);
                NodeList skip = testcase.getElementsByTagName("skipped");
                if (skip.getLength() > 0) {
                    String reason = reason((Element) skip.item(0));
                    skipped.add(
                            new String[] {
                                testcase.getAttribute("classname")
                                        + "."
                                        + testcase.getAttribute("name"),
                                reason
                            });
                }
            }
        } catch (SAXException | ParserConfigurationException e) {
            skipped.add(
                    new String[] {
                        report.toString(), "a report that cannot be read (" + e.getMessage() + ")"
                    });
        }
        return skipped;
    }

    /**
     * A disabled test's reason is the message; an aborted one's (an assumption, {@link
     * Requirement#check()}) is the first line of its stack trace, the exception's type first.
     */
    private static String reason(Element skipped) {
        String reason = skipped.getAttribute("message");
        if (reason.isEmpty()) {
            reason = skipped.getTextContent().strip().lines().findFirst().orElse("");
            String type = skipped.getAttribute("type") + ": ";
            if (reason.startsWith(type)) {
                reason = reason.substring(type.length());
            }
        }
        return reason.isEmpty() ? "(no reason given)" : reason;
    }
}
