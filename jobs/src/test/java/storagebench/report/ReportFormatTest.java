package storagebench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReportFormatTest {
    private static final List<SummaryRow> ROWS =
            List.of(
                    new SummaryRow(
                            "e1",
                            "h1",
                            "",
                            "init=zero, files=4",
                            "setup",
                            4,
                            2.5,
                            2.5,
                            1.25,
                            1.0,
                            4.0,
                            3.85,
                            2.0,
                            1,
                            1,
                            Map.of(),
                            Map.of(),
                            null,
                            null),
                    new SummaryRow(
                            "e1",
                            "h\"2",
                            "",
                            "init=none",
                            "setup",
                            1,
                            0.0001,
                            0.0001,
                            null,
                            0.0001,
                            0.0001,
                            0.0001,
                            null,
                            0,
                            0,
                            Map.of(),
                            Map.of(),
                            null,
                            null));

    @Test
    void csvQuotesLabelsWithCommasAndLeavesMissingValuesEmpty() {
        // given ROWS

        // when
        String csv = ReportFormat.CSV.render(ROWS);

        // then
        assertThat(csv)
                .isEqualTo(
                        """
                experiment,host,configuration,variant,step,n,mean_s,median_s,stddev_s,min_s,max_s,p95_s,ci95_low_s,ci95_high_s,\
                failed,warmups,warning
                e1,h1,,"init=zero, files=4",setup,4,2.5,2.5,1.25,1,4,3.85,0.5,4.5,1,1,
                e1,"h""2",,init=none,setup,1,0.0001,0.0001,,0.0001,0.0001,0.0001,,,0,0,
                """);
    }

    @Test
    void markdownIsTheTextTableForATicket() {
        // given ROWS, and a label with a | in it whose interval would reach below zero

        // when
        String markdown = ReportFormat.MARKDOWN.render(ROWS);
        String piped =
                ReportFormat.MARKDOWN.render(
                        List.of(
                                new SummaryRow(
                                        "e1",
                                        "h1",
                                        "",
                                        "path=a|b",
                                        "setup",
                                        2,
                                        0.5,
                                        0.5,
                                        0.6,
                                        0.1,
                                        0.9,
                                        0.9,
                                        5.0,
                                        0,
                                        0,
                                        Map.of(),
                                        Map.of(),
                                        null,
                                        null)));

        // then: the text table's columns and cells (the empty configuration column left out),
        // numbers
        // aligned right
        assertThat(markdown)
                .isEqualTo(
                        """
                | experiment | host | variant | step | unit | n | mean | median | stddev | min | max | p95 | ci95 | failed | warmups |
                |---|---|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
                | e1 | h1 | init=zero, files=4 | setup | ms | 4 | 2500.0 | 2500.0 | 1250.0 | 1000.0 | 4000.0 | 3850.0 | ±2000.0 | 1 | 1 |
                | e1 | h"2 | init=none | setup | ms | 1 | 0.1 | 0.1 | - | 0.1 | 0.1 | 0.1 | - | 0 | 0 |
                """);
        assertThat(piped)
                .contains("| e1 | h1 | path=a\\|b | setup | ms | 2 | 500.0 |")
                .contains(" |\n\n- note: e1 · h1 · path=a|b · setup: ");
    }

    @Test
    void textAndCsvShowControlCharactersEscaped() {
        // given: labels imported before control characters were refused, or from a dataset written
        // by others
        List<SummaryRow> rows =
                List.of(
                        new SummaryRow(
                                "e1",
                                "h\u00001",
                                "",
                                "job=a\nb, esc=\u001b[2J",
                                "set\tup",
                                1,
                                1.0,
                                1.0,
                                null,
                                1.0,
                                1.0,
                                1.0,
                                null,
                                0,
                                0,
                                Map.of(),
                                Map.of(),
                                null,
                                null));

        // when
        String csv = ReportFormat.CSV.render(rows);
        String text = ReportFormat.TEXT.render(rows);

        // then
        assertThat(csv.lines().skip(1).findFirst().orElseThrow())
                .startsWith("e1,h\\u00001,,\"job=a\\u000Ab, esc=\\u001B[2J\",set\tup,1,");
        assertThat(text)
                .contains("h\\u00001", "job=a\\u000Ab, esc=\\u001B[2J", "set\tup")
                .hasLineCount(2)
                .doesNotContain("\u0000")
                .doesNotContain("\u001b");
    }

    @Test
    void jsonIsAnArrayOfFlatObjectsWithNulls() {
        // given ROWS

        // when
        String json = ReportFormat.JSON.render(ROWS.subList(1, 2));

        // then
        assertThat(json)
                .isEqualTo(
                        """
                [
                  {"experiment": "e1", "host": "h\\"2", "configuration": "", "variant": "init=none", "step": "setup", "n": 1, \
                "mean_s": 0.0001, "median_s": 0.0001, "stddev_s": null, "min_s": 0.0001, "max_s": 0.0001, \
                "p95_s": 0.0001, "ci95_low_s": null, "ci95_high_s": null, "failed": 0, "warmups": 0, \
                "warning": null, "factors": {}, "ratios": {}}
                ]
                """);
        assertThat(ReportFormat.JSON.render(List.of())).isEqualTo("[\n]\n");
    }

    @Test
    void textChoosesMicrosecondsForTinyDurations() {
        // given a step of 0.1 ms

        // when
        String text = ReportFormat.TEXT.render(ROWS.subList(1, 2));

        // then
        assertThat(text.lines().skip(1).findFirst().orElseThrow())
                .contains(" µs ")
                .contains("100.0");
    }

    @Test
    void fewTrialsGiveAWarningAndNoNegativeTimeAndEachFactorAColumn() {
        // given: two trials whose interval reaches below zero
        SummaryRow two =
                new SummaryRow(
                        "e",
                        "h",
                        "",
                        "ifi=off, files=4",
                        "create",
                        2,
                        1.0,
                        1.0,
                        1.0,
                        0.3,
                        1.7,
                        1.6,
                        8.98,
                        0,
                        0,
                        Map.of("ifi", "off"),
                        Map.of("ifi", 3.0),
                        null,
                        null);
        // when
        String csv = ReportFormat.CSV.render(List.of(two));
        // then
        assertThat(two.ciLow()).isZero();
        assertThat(csv.lines().findFirst().orElseThrow()).endsWith(",warning,ratio.ifi,factor.ifi");
        assertThat(csv)
                .contains(",0,9.98,")
                .contains("the values spread widely (n = 2): the interval reaches below zero")
                .endsWith(",3,off\n");
        assertThat(ReportFormat.JSON.render(List.of(two)))
                .contains("\"factors\": {\"ifi\": \"off\"}, \"ratios\": {\"ifi\": 3}");
        assertThat(ReportFormat.TEXT.render(List.of(two))).contains("×ifi").contains("×3.00");
    }
}
