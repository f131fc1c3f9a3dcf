package storagebench.serve;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import storagebench.html.FleetCharts;
import storagebench.report.RegressionRow;
import storagebench.report.RunResult;
import storagebench.schedule.Firing;
import storagebench.schedule.Firings;
import storagebench.schedule.FleetFirings;
import storagebench.schedule.HostRegistry;

/**
 * The dashboard's Fleet page: the hosts of the services on the job repository with their state and
 * heartbeat, each recent fleet firing with every host's outcome and result side by side (a bar per
 * host with its 95% interval), the regressions per host, and each host's results over a schedule's
 * fleet firings. Any service of the fleet shows all of it: it reads the shared repository and
 * dataset.
 */
final class FleetPage {
    static final int FIRINGS_SHOWN = 20;
    static final int CHARTED = 10;
    private static final int TRENDS_PER_SCHEDULE = 4;
    private static final DateTimeFormatter DUE =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    /** One host's share of a fleet firing as the page shows it. */
    record Cell(String host, String state, String runId, String result) {}

    /** A fleet firing: its schedule, when it was due, each host's share, and the chart of them. */
    record FiringRow(String schedule, Instant due, List<Cell> cells, String chart) {}

    /** A host's regressions. */
    record HostRegressions(String host, List<RegressionRow> regressions) {}

    /** Each host's results over a schedule's fleet firings, for one variant and step. */
    record Trend(String schedule, String what, String chart) {}

    record View(
            List<HostRegistry.Host> hosts,
            List<FiringRow> firings,
            List<HostRegressions> regressions,
            List<Trend> trends) {}

    /**
     * What the firings part of the page was drawn from: the dataset's version, the recent fleet firings
     * and their shares' firings. The same again draws the same rows and charts.
     */
    private record Drawn(
            String version,
            List<FleetFirings.FleetFiring> recent,
            Map<String, Firing> byShare,
            List<FiringRow> rows,
            List<Trend> trends) {
        boolean from(
                String version,
                List<FleetFirings.FleetFiring> recent,
                Map<String, Firing> byShare) {
            return this.version.equals(version)
                    && this.recent.equals(recent)
                    && this.byShare.equals(byShare);
        }
    }

    private final HostRegistry registry;
    private final FleetFirings fleet;
    private final Firings firings;
    private final DatasetViews dataset;
    private Drawn drawn;

    FleetPage(HostRegistry registry, FleetFirings fleet, Firings firings, DatasetViews dataset) {
        this.registry = registry;
        this.fleet = fleet;
        this.firings = firings;
        this.dataset = dataset;
    }

    /**
     * The page as it is now. Its rows and charts are drawn again only when a fleet firing, a share's
     * firing or the dataset changed since they were last drawn: a request otherwise costs the reads of
     * the hosts and the recent firings (the dataset's results and the charts cost seconds with
     * thousands of runs).
     */
    synchronized View view() {
        List<FleetFirings.FleetFiring> recent = fleet.recent(FIRINGS_SHOWN);
        Map<String, Firing> byShare =
                firings.find(
                        recent.stream()
                                .flatMap(f -> f.shares().stream())
                                .map(FleetFirings.Share::firingId)
                                .toList());
        String version = dataset.version();
        if (drawn == null || !drawn.from(version, recent, byShare)) {
            drawn = draw(version, recent, byShare, dataset);
        }
        return new View(
                registry.list(), drawn.rows(), byHost(dataset.regressions()), drawn.trends());
    }

    private static Drawn draw(
            String version,
            List<FleetFirings.FleetFiring> recent,
            Map<String, Firing> byShare,
            DatasetViews dataset) {
        List<String> runIds =
                byShare.values().stream().map(Firing::runId).filter(r -> r != null).toList();
        Map<String, List<RunResult>> results = new LinkedHashMap<>();
        RunResult.read(dataset.folder(), runIds)
                .forEach(r -> results.computeIfAbsent(r.runId(), k -> new ArrayList<>()).add(r));
        List<FiringRow> rows = new ArrayList<>();
        Map<String, List<FleetCharts.Point>> trends = new LinkedHashMap<>();
        Map<String, Instant> dueOf = new LinkedHashMap<>();
        for (FleetFirings.FleetFiring f : recent) {
            List<Cell> cells = new ArrayList<>();
            List<FleetCharts.Bar> bars = new ArrayList<>();
            for (FleetFirings.Share share : f.shares()) {
                Optional<Firing> firing = Optional.ofNullable(byShare.get(share.firingId()));
                String runId = firing.map(Firing::runId).orElse(null);
                List<RunResult> own =
                        runId == null ? List.of() : results.getOrDefault(runId, List.of());
                cells.add(
                        new Cell(
                                share.host(),
                                firing.map(x -> x.status().name()).orElse(share.state().name()),
                                runId,
                                own.isEmpty()
                                        ? "–"
                                        : String.join(
                                                "; ",
                                                own.stream()
                                                        .map(r -> category(r) + " " + r.shown())
                                                        .toList())));
                if (runId != null) {
                    dueOf.put(runId, f.scheduled());
                }
                for (RunResult r : own) {
                    bars.add(
                            new FleetCharts.Bar(
                                    share.host(), category(r), r.mean(), r.halfWidth()));
                    trends.computeIfAbsent(
                                    f.schedule() + "\u0000" + category(r), k -> new ArrayList<>())
                            .add(new FleetCharts.Point(share.host(), f.scheduled(), r.mean()));
                }
            }
            String chart =
                    bars.isEmpty() || rows.size() >= CHARTED
                            ? null
                            : FleetCharts.bars(
                                    f.schedule()
                                            + " due "
                                            + f.scheduled()
                                            + ": per host (mean, 95% CI)",
                                    "s",
                                    bars);
            rows.add(new FiringRow(f.schedule(), f.scheduled(), cells, chart));
        }
        return new Drawn(
                version,
                recent,
                byShare,
                List.copyOf(rows),
                trends(trends, dataset.regressions(), dueOf));
    }

    private static String category(RunResult r) {
        return category(r.variant(), r.step());
    }

    private static String category(String variant, String step) {
        return variant == null || variant.isEmpty() ? step : variant + " · " + step;
    }

    private static List<HostRegressions> byHost(List<RegressionRow> regressions) {
        Map<String, List<RegressionRow>> byHost = new LinkedHashMap<>();
        regressions.stream()
                .sorted(Comparator.comparing(RegressionRow::host))
                .forEach(r -> byHost.computeIfAbsent(r.host(), k -> new ArrayList<>()).add(r));
        return byHost.entrySet().stream()
                .map(e -> new HostRegressions(e.getKey(), List.copyOf(e.getValue())))
                .toList();
    }

    /**
     * The duration regressions of a schedule's variant and step whose run (its change point's) was a
     * share of a fleet firing shown, as marks at that firing on the host's line.
     */
    private static List<FleetCharts.Mark> marks(
            String schedule,
            String what,
            List<RegressionRow> regressions,
            Map<String, Instant> dueOf) {
        return regressions.stream()
                .filter(r -> schedule.equals(r.schedule()) && "duration".equals(r.metric()))
                .filter(r -> what.equals(category(r.variant(), r.step())))
                .filter(r -> dueOf.containsKey(r.where()))
                .map(
                        r ->
                                new FleetCharts.Mark(
                                        r.host(),
                                        dueOf.get(r.where()),
                                        String.format(Locale.ROOT, "×%.2f", 1 + r.change())
                                                + (r.unconfirmed() ? " (not confirmed)" : ""),
                                        r.change() > 0))
                .toList();
    }

    private static List<Trend> trends(
            Map<String, List<FleetCharts.Point>> points,
            List<RegressionRow> regressions,
            Map<String, Instant> dueOf) {
        Map<String, Integer> perSchedule = new LinkedHashMap<>();
        List<Trend> trends = new ArrayList<>();
        points.forEach(
                (key, list) -> {
                    String schedule = key.substring(0, key.indexOf('\u0000'));
                    String what = key.substring(key.indexOf('\u0000') + 1);
                    if (perSchedule.merge(schedule, 1, Integer::sum) <= TRENDS_PER_SCHEDULE) {
                        trends.add(
                                new Trend(
                                        schedule,
                                        what,
                                        FleetCharts.lines(
                                                schedule + ": " + what + " per host",
                                                "s",
                                                list,
                                                marks(schedule, what, regressions, dueOf))));
                    }
                });
        return trends;
    }
}
