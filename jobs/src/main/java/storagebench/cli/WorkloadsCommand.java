package storagebench.cli;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import storagebench.BadInputException;
import storagebench.dbms.TargetKind;
import storagebench.workload.Param;
import storagebench.workload.WorkloadType;
import storagebench.workload.Workloads;

/** {@code storagebench workloads [NAME]}: what can be measured where, and with which parameters. */
@Command(
        name = "workloads",
        mixinStandardHelpOptions = true,
        description = {
            "Lists the workloads and the kinds of target each runs on; with a NAME, its parameters "
                    + "(the keys under workload: and the factors) per kind of target, with types, defaults and choices."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench workloads",
            "  storagebench workloads restore --target postgres"
        })
public final class WorkloadsCommand implements Callable<Integer> {
    @Parameters(
            arity = "0..1",
            paramLabel = "NAME",
            description = "A workload, e.g. filegroup-insert.")
    String name;

    @Option(
            names = "--target",
            paramLabel = "KIND",
            description =
                    "Only this kind of target: local, h2, postgres, " + "firebird, sqlserver.")
    String kind;

    @Override
    public Integer call() {
        List<TargetKind> kinds;
        try {
            kinds = kind == null ? List.of(TargetKind.values()) : List.of(TargetKind.of(kind));
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--target: " + e.getMessage());
        }
        PrintStream out = System.out;
        if (name == null) {
            for (String known : Workloads.names()) {
                WorkloadType workload = Workloads.find(known).orElseThrow();
                List<String> on =
                        kinds.stream()
                                .filter(k -> reason(workload, k).isEmpty())
                                .map(TargetKind::yamlName)
                                .toList();
                if (!on.isEmpty()) {
                    out.printf(
                            "%-18s %s%n%-18s on: %s%n",
                            known, workload.description(), "", String.join(", ", on));
                }
            }
            out.println();
            out.println("Parameters of one: storagebench workloads NAME [--target KIND]");
            return 0;
        }
        WorkloadType workload =
                Workloads.find(name)
                        .orElseThrow(
                                () ->
                                        new BadInputException(
                                                "unknown workload '"
                                                        + name
                                                        + "'; known: "
                                                        + String.join(", ", Workloads.names())));
        Map<List<Param>, List<TargetKind>> groups = byParams(workload, kinds);
        if (groups.isEmpty()) {
            throw new BadInputException(reason(workload, kinds.get(0)));
        }
        groups.forEach(
                (params, on) -> {
                    out.printf(
                            "%s on %s%n",
                            name,
                            String.join(", ", on.stream().map(TargetKind::yamlName).toList()));
                    for (Param p : params) {
                        String detail =
                                p.type().name().toLowerCase(Locale.ROOT)
                                        + (p.defaultValue() == null
                                                ? ", required"
                                                : ", default " + shown(p.defaultValue()))
                                        + (p.choices().isEmpty()
                                                ? ""
                                                : ", one of " + String.join("|", p.choices()))
                                        + (p.min() > 0 ? ", at least " + p.shown(p.min()) : "")
                                        + (p.max() < Long.MAX_VALUE
                                                ? ", at most " + p.shown(p.max())
                                                : "");
                        out.printf("  %-16s (%s)%n      %s%n", p.name(), detail, p.doc());
                    }
                    out.println();
                });
        return 0;
    }

    /** The kinds the workload runs on, grouped by the parameters it has there, in the kinds' order. */
    private static Map<List<Param>, List<TargetKind>> byParams(
            WorkloadType workload, List<TargetKind> kinds) {
        Map<List<Param>, List<TargetKind>> groups = new LinkedHashMap<>();
        for (TargetKind k : kinds) {
            try {
                groups.computeIfAbsent(workload.on(k).params(), x -> new ArrayList<>()).add(k);
            } catch (IllegalArgumentException e) {
                // not on this kind
            }
        }
        return groups;
    }

    private static String reason(WorkloadType workload, TargetKind kind) {
        try {
            workload.on(kind);
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static String shown(String value) {
        return value.isEmpty() ? "\"\" (none)" : value;
    }
}
