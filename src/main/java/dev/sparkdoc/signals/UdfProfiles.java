package dev.sparkdoc.signals;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.model.ProfileDump.MemoryLine;
import dev.sparkdoc.model.ProfileDump.ProfiledFunction;
import dev.sparkdoc.model.SqlExecution;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * A PySpark profiler dump summed up per UDF and joined to the application: each profile's top
 * functions by cumulative and by own time, the lines whose memory grew, and the queries whose plan
 * runs the UDF. The join is by id: PySpark names a UDF's profile after the UDF expression's result
 * id ({@code jUDFExpr.resultId().id()} in {@code pyspark/sql/udf.py}), which the physical plan prints
 * after the call, {@code BatchEvalPython [normalize_code(id#0L)#2L], …}.
 */
public final class UdfProfiles {

    /** Enough to see where the time goes; the whole table is pstats' job. */
    static final int TOP = 5;

    private UdfProfiles() {
    }

    public static List<ProfileSummary> of(ProfileDump dump, AppSnapshot snapshot) {
        List<ProfileSummary> out = new ArrayList<>();
        for (ProfileDump.PerfProfile p : dump.perf()) {
            boolean udf = p.target() == ProfileDump.Target.UDF;
            Optional<PlanCall> call = udf ? PlanCall.find(snapshot, p.id()) : Optional.empty();
            // cProfile's total is the sum of every function's own time (pstats' total_tt)
            double total = p.functions().stream().mapToDouble(ProfiledFunction::ownSeconds).sum();
            long calls = p.functions().stream().mapToLong(ProfiledFunction::calls).sum();
            out.add(new ProfileSummary(p.file(), p.target().id(), p.id(), "perf", call.map(PlanCall::name),
                    call.map(PlanCall::queries).orElse(List.of()), Optional.of(total), Optional.of(calls),
                    top(p.functions(), ProfiledFunction::cumulativeSeconds, total),
                    top(p.functions(), ProfiledFunction::ownSeconds, total), List.of()));
        }
        for (ProfileDump.MemoryProfile m : dump.memory()) {
            Optional<PlanCall> call = PlanCall.find(snapshot, m.id());
            out.add(new ProfileSummary(m.file(), "udf", m.id(), "memory", call.map(PlanCall::name),
                    call.map(PlanCall::queries).orElse(List.of()), Optional.empty(), Optional.empty(), List.of(), List.of(),
                    grew(m.lines())));
        }
        return List.copyOf(out);
    }

    private static List<ProfileSummary.FunctionTime> top(List<ProfiledFunction> functions,
            ToDoubleFunction<ProfiledFunction> seconds, double total) {
        return functions.stream()
                .filter(f -> seconds.applyAsDouble(f) > 0)
                .sorted(Comparator.comparingDouble(seconds).reversed().thenComparing(ProfiledFunction::label))
                .limit(TOP)
                .map(f -> new ProfileSummary.FunctionTime(f.label(), f.calls(), seconds.applyAsDouble(f),
                        // a cumulative time can pass the total by clock rounding; a share never passes 100 %
                        total > 0 ? Math.min(1.0, seconds.applyAsDouble(f) / total) : 0))
                .toList();
    }

    private static List<ProfileSummary.MemoryGrowth> grew(List<MemoryLine> lines) {
        return lines.stream()
                .filter(l -> l.incrementBytes().orElse(0L) > 0)
                .sorted(Comparator.comparingLong((MemoryLine l) -> l.incrementBytes().orElse(0L)).reversed()
                        .thenComparingInt(MemoryLine::line))
                .limit(TOP)
                .map(l -> new ProfileSummary.MemoryGrowth(baseName(l.sourceFile()) + ":" + l.line(), l.contents(),
                        l.incrementBytes().orElse(0L), l.usageBytes().orElse(0L), l.occurrences()))
                .toList();
    }

    private static String baseName(String file) {
        return file.substring(file.lastIndexOf('/') + 1);
    }

    /** A Python UDF's call in the plans: its name and the queries that run it. */
    record PlanCall(String name, List<Long> queries) {

        static Optional<PlanCall> find(AppSnapshot snapshot, long id) {
            String name = null;
            List<Long> queries = new ArrayList<>();
            for (SqlExecution q : snapshot.sqlExecutions()) {
                for (SqlExecution.PlanNode node : q.nodes()) {
                    Optional<String> called = node.name().contains("EvalPython") ? calledName(node.detail(), id) : Optional.empty();
                    if (called.isPresent()) {
                        name = name == null ? called.get() : name;
                        if (!queries.contains(q.id())) {
                            queries.add(q.id());
                        }
                    }
                }
            }
            return name == null ? Optional.empty() : Optional.of(new PlanCall(name, List.copyOf(queries)));
        }

        /** The function whose call ends in {@code )#id}: the name before its matching parenthesis. */
        static Optional<String> calledName(String detail, long id) {
            String end = ")#" + id;
            for (int at = detail.indexOf(end); at >= 0; at = detail.indexOf(end, at + 1)) {
                int after = at + end.length();
                if (after < detail.length() && Character.isDigit(detail.charAt(after))) {
                    continue;
                }
                int open = matchingOpen(detail, at);
                int start = open;
                while (start > 0 && isNameChar(detail.charAt(start - 1))) {
                    start--;
                }
                if (open > 0 && start < open) {
                    return Optional.of(detail.substring(start, open));
                }
            }
            return Optional.empty();
        }

        private static int matchingOpen(String s, int close) {
            int depth = 0;
            for (int i = close; i >= 0; i--) {
                char c = s.charAt(i);
                depth += c == ')' ? 1 : c == '(' ? -1 : 0;
                if (depth == 0) {
                    return i;
                }
            }
            return -1;
        }

        private static boolean isNameChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_' || c == '<' || c == '>';
        }
    }
}
