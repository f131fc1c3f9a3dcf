package storagebench.serve;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;
import org.springframework.web.util.UriUtils;
import storagebench.html.HtmlReport;
import storagebench.html.TrendAnchor;
import storagebench.report.RegressionRow;
import storagebench.report.ReportFilter;
import storagebench.report.RunOverview;
import storagebench.schedule.Firings;
import storagebench.schedule.FleetFirings;
import storagebench.schedule.HostRegistry;
import storagebench.schedule.ScheduleControl;

/**
 * The dashboard's pages, drawn on the server: schedules with their next firing and last outcome, the
 * run under way (pushed as Server-Sent Events), recent firings and runs with their reports, the
 * regressions found, and per experiment the HTML report (charts, comparisons, trends).
 */
@Controller
final class DashboardController {
    static final int RUNS_SHOWN = 50;
    static final int FIRINGS_SHOWN = 30;
    private static final DateTimeFormatter TIME =
            DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
                    .withZone(ZoneOffset.UTC);

    private final ScheduleControl control;
    private final Firings firings;
    private final LiveProgress live;
    private final ServeOptions options;
    private final DatasetViews dataset;
    private final FleetPage fleetPage;

    DashboardController(
            ScheduleControl control,
            Firings firings,
            LiveProgress live,
            ServeOptions options,
            DatasetViews dataset,
            HostRegistry hosts,
            FleetFirings fleet) {
        this.control = control;
        this.firings = firings;
        this.live = live;
        this.options = options;
        this.dataset = dataset;
        this.fleetPage = new FleetPage(hosts, fleet, firings, dataset);
    }

    @GetMapping("/")
    String dashboard(Model model) {
        List<RunOverview> runs = dataset.runs();
        Set<String> experiments = new LinkedHashSet<>();
        runs.forEach(r -> experiments.add(r.experiment()));
        model.addAttribute("schedules", control.list());
        model.addAttribute("fileProblem", control.schedules().fileProblem().orElse(null));
        model.addAttribute("schedulesFile", control.schedules().file().toString());
        model.addAttribute("running", live.running());
        model.addAttribute("firings", firings.recent(FIRINGS_SHOWN));
        model.addAttribute("runs", runs);
        model.addAttribute("experiments", experiments);
        model.addAttribute("regressions", dataset.regressions());
        model.addAttribute("tokenRequired", options.tokenRequired());
        model.addAttribute("format", this);
        return "dashboard";
    }

    @GetMapping("/fleet")
    String fleet(Model model) {
        model.addAttribute("view", fleetPage.view());
        model.addAttribute("format", this);
        return "fleet";
    }

    @GetMapping("/login")
    String login(@RequestParam(name = "refused", required = false) String refused, Model model) {
        model.addAttribute("refused", refused != null);
        return "login";
    }

    @GetMapping(value = "/progress", produces = MediaType.TEXT_EVENT_STREAM_VALUE)
    SseEmitter progress() {
        return live.subscribe();
    }

    @GetMapping(value = "/experiments/{name}/report", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> experiment(@PathVariable String name) {
        return page(ReportFilter.all().withExperiment(name), "experiment " + name);
    }

    @GetMapping(value = "/runs/{id}/report", produces = MediaType.TEXT_HTML_VALUE)
    ResponseEntity<String> run(@PathVariable String id) {
        return page(ReportFilter.run(id), "run " + id);
    }

    private ResponseEntity<String> page(ReportFilter filter, String what) {
        return HtmlReport.render(dataset.folder(), filter)
                .map(
                        page ->
                                ResponseEntity.ok()
                                        .cacheControl(CacheControl.noStore())
                                        .contentType(MediaType.TEXT_HTML)
                                        .body(page))
                .orElseGet(
                        () ->
                                ResponseEntity.status(HttpStatus.NOT_FOUND)
                                        .contentType(MediaType.TEXT_PLAIN)
                                        .body(
                                                "no measured trials of "
                                                        + what
                                                        + " in the dataset yet"));
    }

    /** A time as the pages show it, or a dash. */
    public String time(Instant instant) {
        return instant == null ? "–" : TIME.format(instant);
    }

    /** How long ago, as {@code storagebench hosts} says it. */
    public String ago(Instant instant) {
        return HostRegistry.ago(instant, Instant.now());
    }

    /** Labels as {@code k=v,k=v}, or a dash. */
    public String labels(Map<String, String> labels) {
        return labels.isEmpty() ? "–" : HostRegistry.labels(labels);
    }

    /** A duration as h:mm:ss, or a dash. */
    public String clock(Duration duration) {
        return duration == null ? "–" : LiveProgress.clock(duration);
    }

    /** The scheduling delay of a firing: fired minus due. */
    public String delay(Instant due, Instant fired) {
        if (due == null || fired == null) {
            return "–";
        }
        return String.format(
                Locale.ROOT, "%.2f s", Duration.between(due, fired).toMillis() / 1000.0);
    }

    /**
     * Where a regression shows on its experiment's report: the trend chart of its series, at its
     * change point ({@link TrendAnchor}).
     */
    public String chart(RegressionRow r) {
        String anchor =
                r.changePointRun() != null
                        ? TrendAnchor.changePoint(
                                r.host(), r.step(), r.variant(), r.changePointRun())
                        : TrendAnchor.series(r.host(), r.step(), r.variant());
        return "/experiments/"
                + UriUtils.encodePathSegment(r.experiment(), StandardCharsets.UTF_8)
                + "/report#"
                + anchor;
    }

    /** Whether a rerun confirmed a regression, in words: empty where none was asked for. */
    public String confirmation(RegressionRow r) {
        if (r.confirmed() == null) {
            return "";
        }
        return r.confirmed()
                ? "confirmed by rerun " + r.rerunId()
                : "not confirmed (noise?)" + (r.rerunId() == null ? "" : ": rerun " + r.rerunId());
    }

    /** A relative change as a signed percentage. */
    public String percent(double change) {
        return String.format(Locale.ROOT, "%+.1f%%", change * 100);
    }
}
