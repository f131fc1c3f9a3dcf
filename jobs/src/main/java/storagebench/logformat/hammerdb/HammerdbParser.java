package storagebench.logformat.hammerdb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import storagebench.logformat.LineRecords;
import storagebench.logformat.LogFiles;
import storagebench.logformat.LogParser;
import storagebench.logformat.Parsed;
import storagebench.logformat.ParserOption;
import storagebench.logformat.ParserOptions;

/**
 * HammerDB's TPROC-C output: the hammerdbcli console, the GUI's or CLI's {@code hammerdb.log}, and the
 * time profile report {@code hdbxtprofile.log}, alone or appended to the log.
 *
 * <ul>
 * <li>each virtual-user test is a trial {@code <trial>/<n>} whose {@code run} step carries the TEST
 * RESULT ({@code nopm}, {@code tpm}), {@code rampup_min}, {@code duration_min}, {@code failed_vusers};
 * its duration is the timed test period when the log states it; factors {@code virtual-users} and
 * {@code database} (a sequence of tests, as autopilot or a vuset loop runs them, is one run); its start
 * the time of the {@code Hammerdb Log @} header before it plus the ramp-up ({@link LogTime}), or the
 * end of the test before it, or null in a console output without times;
 * <li>a test the log does not finish, or that ends without a TEST RESULT, is FAILED with
 * {@code incomplete}=1; FINISHED FAILED and "Error in Virtual User" lines make it FAILED too;
 * <li>each time profile summary's procedures are sub-steps {@code run.<proc>} of the test they belong
 * to (see {@link HammerdbRun}), lasting the procedure's average time per call, starting with it.
 * </ul>
 *
 * <p>Lines that look like a result or a profile's figures but do not read are quarantined; any other
 * line (the CLI's prompts, settings, the virtual users' chatter) is passed over. Options: see {@link
 * #options()}.
 */
public final class HammerdbParser implements LogParser {
    private static final String TRIAL = "trial";
    private static final String ZONE = "zone";
    private static final List<ParserOption> OPTIONS =
            List.of(
                    ParserOption.plain(
                            TRIAL,
                            "the trial key (default: the file's name); the tests of the log become"
                                    + " key/1, key/2 …"),
                    ParserOption.plain(
                            ZONE,
                            "where the log's times were written, a zone id such as Europe/Copenhagen"
                                    + " (default: the zone their abbreviation names; BST, CST and IST"
                                    + " are read as Europe/London, America/Chicago and Asia/Kolkata)"));
    private static final String EXPECTED =
            "HammerDB output (hammerdbcli, hammerdb.log or the time profile hdbxtprofile.log)";
    private static final Pattern RECOGNISED =
            Pattern.compile(
                    "(?:hammerdb>.*|Vuser \\d+:.*|Hammerdb Log @.*|HammerDB CLI v.*"
                            + "|.*TEST RESULT : System achieved.*|\\d+ Virtual Users Created.*"
                            + "|.*Hammerdb Time Profile Report @.*"
                            + "|>>>>> (?:VIRTUAL USER|SUMMARY OF|PROC:).*)");

    @Override
    public String name() {
        return "hammerdb";
    }

    @Override
    public String description() {
        return EXPECTED
                + ": a run step per virtual-user test with NOPM and TPM, factor virtual-users (as the oltp workload's);"
                + " time profile summaries as sub-steps run.<proc>";
    }

    @Override
    public List<ParserOption> options() {
        return OPTIONS;
    }

    @Override
    public Optional<String> mismatchIn(List<String> lines) {
        if (lines.stream().anyMatch(line -> RECOGNISED.matcher(line.strip()).matches())) {
            return Optional.empty();
        }
        return Optional.of(
                "not "
                        + EXPECTED
                        + ": none of the first "
                        + lines.size()
                        + " lines is a hammerdb> prompt, a Vuser N: line, a log or time profile"
                        + " header or a TEST RESULT");
    }

    @Override
    public Stream<Parsed> parse(Path file, ParserOptions options) throws IOException {
        HammerdbRun run =
                new HammerdbRun(
                        options.get(TRIAL).orElse(LogFiles.name(file)),
                        options.zone(ZONE).orElse(null));
        return LineRecords.of(file, run::accept, run::finish).stream();
    }
}
