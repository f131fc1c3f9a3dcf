package storagebench.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.importer.ImportOutcome;
import storagebench.importer.ImportPreview;
import storagebench.importer.ImportRequest;
import storagebench.importer.LogImport;
import storagebench.importer.SourceFile;
import storagebench.logformat.LogParser;
import storagebench.logformat.LogParsers;
import storagebench.logformat.ParserOption;

/** {@code import}: raw logs (or an events export) into runs on the topic, then the dataset and the summary. */
@Command(
        name = "import",
        mixinStandardHelpOptions = true,
        description = {
            "Imports logs of runs made by hand or by other tools as runs: one run per file, a TrialTimed "
                    + "per step the log holds, an IoSample per sample; a gzipped log is read as the text it "
                    + "holds. Records that cannot be read are quarantined "
                    + "(<data-dir>/quarantine/<run-id>.jsonl: file, line, reason, text). Importing the same file again "
                    + "adds nothing; an interrupted import is continued by importing the file again.",
            "With --format events, puts an export (storagebench export) back on the topic; events the topic "
                    + "already holds are skipped.",
            "Then sinks the topic to the Parquet dataset and prints the imported runs' summaries: each"
                    + " run's for up to three, else one over them all."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench import --format fio --host db1 --factor disk=nvme \\",
            "      results/fio-randwrite.json",
            "  storagebench import --format pgbench --experiment pg-wal pgbench-*.log",
            "  storagebench import --format hammerdb --experiment nightly --dry-run \\",
            "      logs/*.log",
            "  storagebench import --format csv --option mapping=setup-map.yaml \\",
            "      --strict seed000-setup.csv",
            "  storagebench import --format events history-2026.avro"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:imported (or already imported); malformed records quarantined; with --dry-run, read",
            "1:an import did not complete, or --strict and records were quarantined (the good records' events "
                    + "are published all the same)",
            "2:bad input: unknown format, a file in another format (judged on its first 20 lines), a missing "
                    + "or unreadable file; nothing was imported"
        })
public final class ImportCommand implements Callable<Integer> {
    static final String EVENTS = "events";

    @Mixin SettingsOptions settingsOptions;

    @Option(
            names = "--format",
            required = true,
            paramLabel = "NAME",
            description = "The files' format (see below).")
    String format;

    @Parameters(
            arity = "1..*",
            paramLabel = "FILE",
            description = "The files to import, each as one run.")
    List<Path> files;

    @Option(
            names = "--experiment",
            paramLabel = "NAME",
            description =
                    "The experiment of the runs (default: <format>-<file name> without its"
                            + " extensions, dates and ids, so that nightly logs are one experiment).")
    String experiment;

    @Option(
            names = "--host",
            paramLabel = "NAME",
            description = "The host the logs came from (default: imported).")
    String host;

    @Option(
            names = "--host-from-log",
            description =
                    "Each file's host is the one it names (iostat's banner, sadf -d's hostname"
                            + " column), so that logs of several machines are told apart; a file that"
                            + " names none is refused.")
    boolean hostFromLog;

    @Option(
            names = "--host-label",
            paramLabel = "KEY=VALUE",
            description =
                    "A label of the host the logs came from (repeatable), e.g. --host-label disk=nvme;"
                            + " checked as the setting host.labels is.")
    List<String> hostLabels = new ArrayList<>();

    @Option(
            names = "--factor",
            paramLabel = "KEY=VALUE",
            description = "A factor added to every trial (repeatable); it wins over the log's own.")
    Map<String, String> factors = new LinkedHashMap<>();

    @Option(
            names = "--option",
            paramLabel = "KEY=VALUE",
            description =
                    "An option of the format's parser (repeatable), e.g. for csv: --option mapping=map.yaml")
    Map<String, String> options = new LinkedHashMap<>();

    @Option(names = "--strict", description = "Exit 1 when any record was quarantined.")
    boolean strict;

    @Option(
            names = "--no-sink",
            description = "Only publish events; do not update the Parquet dataset.")
    boolean noSink;

    @Option(names = "--no-report", description = "Do not print the summaries at the end.")
    boolean noReport;

    @Option(
            names = "--dry-run",
            description =
                    "Read the files as the import would and print what each would become (its run,"
                            + " trials, variants, steps, when it starts, what would be quarantined and"
                            + " why); publish nothing, start no broker.")
    boolean dryRun;

    @Override
    public Integer call() throws Exception {
        if (hostFromLog && host != null) {
            throw new BadInputException(
                    "--host and --host-from-log: give one (the host of every file, or each file's"
                            + " own)");
        }
        if (EVENTS.equals(format) && hostFromLog) {
            throw new BadInputException(
                    "--host-from-log reads logs; an events export keeps the hosts it was exported"
                            + " with");
        }
        if (EVENTS.equals(format) && dryRun) {
            throw new BadInputException(
                    "--dry-run reads logs; an events export is checked as it is imported (events the"
                            + " topic holds are skipped)");
        }
        if (EVENTS.equals(format)) {
            return new EventsImport(settingsOptions, files, noSink)
                    .call(experiment, host, hostLabels, factors, options, strict);
        }
        LogParser parser =
                LogParsers.find(format)
                        .orElseThrow(
                                () ->
                                        new BadInputException(
                                                "unknown format '"
                                                        + format
                                                        + "'; formats: "
                                                        + formats()));
        ImportRequest request =
                new ImportRequest(
                        parser,
                        options,
                        Optional.ofNullable(experiment),
                        Optional.ofNullable(host),
                        factors,
                        ImportRequest.hostLabels(hostLabels));
        List<SourceFile> sources = new ArrayList<>();
        for (Path file : files) {
            sources.add(LogImport.check(request, file, hostFromLog));
        }
        if (dryRun) {
            return preview(request, sources);
        }
        Settings settings = settingsOptions.load();
        DataDir.prepare(settings.dataDir());
        Set<String> runIds = new LinkedHashSet<>();
        boolean failed = false;
        boolean quarantined = false;
        try (KafkaConnection kafka = KafkaConnection.open(settings)) {
            List<ImportOutcome> outcomes =
                    LogImport.execute(
                            settings,
                            kafka,
                            request,
                            sources,
                            outcome -> System.out.println(outcome.summary()));
            for (ImportOutcome outcome : outcomes) {
                runIds.add(outcome.runId());
                failed |= !outcome.completed();
                quarantined |= outcome.quarantined() > 0;
            }
            if (!noSink) {
                Finish.sinkAndReport(settings, kafka, List.copyOf(runIds), noReport);
            }
        }
        if (strict && quarantined) {
            System.err.println(
                    "storagebench import: records were quarantined and --strict is given (the events of "
                            + "the good records are published)");
        }
        return failed || (strict && quarantined) ? Main.FAILED : 0;
    }

    /**
     * {@code --dry-run}: each file as the import would read it, in full for up to {@value
     * Finish#EACH_RUN_UP_TO} files, else a line each and their variants and steps together; nothing
     * published.
     */
    private int preview(ImportRequest request, List<SourceFile> sources) throws IOException {
        boolean many = sources.size() > Finish.EACH_RUN_UP_TO;
        boolean quarantined = false;
        List<ImportPreview> previews = new ArrayList<>(sources.size());
        Map<String, String> firstOfRun = new HashMap<>();
        for (SourceFile source : sources) {
            String runId = ImportPreview.runId(request, source);
            String first = firstOfRun.putIfAbsent(runId, source.name());
            if (first != null) {
                System.out.println(
                        source.name()
                                + ": the same content as "
                                + first
                                + ", so the same run "
                                + runId
                                + ": nothing more would be imported");
                continue;
            }
            ImportPreview preview = ImportPreview.of(request, source);
            System.out.print(many ? preview.brief() : preview.text());
            quarantined |= preview.quarantined() > 0;
            previews.add(preview);
        }
        if (many) {
            System.out.print(ImportPreview.together(previews));
        }
        System.out.println("dry run: nothing was imported (leave out --dry-run to import)");
        return strict && quarantined ? Main.FAILED : 0;
    }

    /** Lists every format with its description at the top of the help's footer (the registry decides them). */
    static void describeFormats(CommandLine command) {
        String key = "formats";
        command.getHelpSectionMap()
                .put(key, help -> formatsSection(help.commandSpec().usageMessage().width()));
        List<String> keys = new ArrayList<>(command.getHelpSectionKeys());
        keys.add(keys.indexOf(CommandLine.Model.UsageMessageSpec.SECTION_KEY_FOOTER_HEADING), key);
        command.setHelpSectionKeys(keys);
    }

    /** The formats' list at the help's width, each text wrapped under itself, not to column 0. */
    static String formatsSection(int width) {
        List<String> lines = new ArrayList<>(List.of("", "Formats:"));
        for (String name : LogParsers.names()) {
            LogParser parser = LogParsers.find(name).orElseThrow();
            lines.addAll(formatEntry(name, parser.description(), width));
            if (!parser.options().isEmpty()) {
                String shown =
                        String.join(
                                ", ", parser.options().stream().map(ParserOption::shown).toList());
                lines.addAll(formatEntry("", "Options: " + shown, width));
            }
        }
        lines.addAll(formatEntry(EVENTS, "an Avro file written by storagebench export", width));
        return String.join(System.lineSeparator(), lines) + System.lineSeparator();
    }

    private static List<String> formatEntry(String name, String text, int width) {
        String indent = " ".repeat(14);
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder(String.format("  %-11s ", name));
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() >= width) {
                lines.add(line.toString().stripTrailing());
                line = new StringBuilder(indent);
            }
            line.append(line.length() > indent.length() ? " " : "").append(word);
        }
        lines.add(line.toString().stripTrailing());
        return lines;
    }

    static String formats() {
        List<String> names = new ArrayList<>();
        LogParsers.names().forEach(names::add);
        names.add(EVENTS);
        return String.join(", ", names);
    }
}
