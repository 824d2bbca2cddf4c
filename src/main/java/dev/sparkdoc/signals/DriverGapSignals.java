package dev.sparkdoc.signals;

import dev.sparkdoc.account.DriverGaps;
import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.MicroBatchDescription;
import java.util.List;
import java.util.Locale;

/**
 * The driver's own work between jobs read after the fact ({@link DriverGaps}): no thread dump,
 * only the timeline every source has. And the two kinds of application whose gaps between jobs
 * are idleness by design, for the rules to stay quiet on: streams (idle between triggers) and
 * interactive sessions (idle while their user types).
 */
final class DriverGapSignals {

    static final FactList FACTS = new FactList(ScopeKind.APP);
    static final Fact BETWEEN = FACTS.ms("app.driverGaps.between",
            "wall time between the first job's start and the last one's end with no job and no SQL query running: the driver's own"
                    + " code (a loop over collect()ed rows, Python, a sleep) or planning, while the executors had nothing to do;"
                    + " absent with fewer than two jobs");
    static final Fact SHARE = FACTS.fraction("app.driverGaps.share",
            "app.driverGaps.between as a share of the wall time from the first job's start to the last one's end");
    static final Fact LONGEST = FACTS.ms("app.driverGaps.longest", "the longest of those gaps");
    static final Fact GAPS = FACTS.count("app.driverGaps.count", "how many gaps make app.driverGaps.between");
    static final Fact AFTER = FACTS.text("app.driverGaps.after",
            "the job that ended just before the longest gap, with its call site: whose result the driver was working on");
    static final Fact NEXT = FACTS.text("app.driverGaps.next", "the job that started at the end of the longest gap, with its call site");
    static final Fact STREAMING = FACTS.flag("app.streaming",
            "the app runs a stream: a Structured Streaming micro-batch's job or query, or a DStream's job (\"Streaming job from\"),"
                    + " idle between triggers by design");
    static final Fact INTERACTIVE = FACTS.flag("app.interactive",
            "an interactive session or a server of queries, idle while its user thinks: spark.repl.class.uri set (spark-shell),"
                    + " or the name a shell or server gives itself (Spark shell, PySparkShell, pyspark-shell, SparkR, sparklyr, SparkSQL::host,"
                    + " Thrift JDBC/ODBC Server, livy-session-N, Zeppelin, Databricks Shell)");

    /**
     * The names shells, notebooks and query servers give their application unless the user names
     * it. "pyspark-shell" is PySpark's own name for a session started from Python without an
     * appName: a Jupyter kernel, as a rule (a script under spark-submit is named after its file).
     */
    private static final List<String> SESSION_NAMES = List.of("spark shell", "pysparkshell", "pyspark-shell", "sparkr", "sparklyr",
            "thrift jdbc/odbc server", "zeppelin", "databricks shell");
    private static final List<String> SESSION_PREFIXES = List.of("sparksql::", "livy-session-");

    private DriverGapSignals() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        AppSnapshot s = ctx.snapshot();
        sink.put(STREAMING, streaming(s)).put(INTERACTIVE, interactive(ctx));
        DriverGaps.of(s, ctx.now()).ifPresent(gaps -> {
            sink.put(BETWEEN, gaps.totalMs()).put(SHARE, gaps.share()).put(GAPS, gaps.gaps().size());
            gaps.longest().ifPresent(g -> sink.put(LONGEST, g.ms())
                    .text(AFTER, named(g.after(), ctx.names())).text(NEXT, named(g.before(), ctx.names())));
        });
    }

    /**
     * "job 0 (collectAsList at App.java:17)": the job by its call site, where the user's code
     * started it (a description set around a whole workload says less); else by its name.
     */
    static String named(Job j, StageNames names) {
        String name = names.callSite(j).orElseGet(() -> names.job(j)).strip();
        return StageNames.meaningless(name) ? "job " + j.jobId() : "job " + j.jobId() + " (" + StageNames.oneLine(name) + ")";
    }

    static boolean streaming(AppSnapshot s) {
        return !s.streamingQueries().isEmpty() || s.jobs().stream().anyMatch(j -> j.description()
                .filter(d -> MicroBatchDescription.parse(d).isPresent() || d.contains("Streaming job from")).isPresent())
                || s.sqlExecutions().stream().anyMatch(q -> MicroBatchDescription.parse(q.description()).isPresent());
    }

    static boolean interactive(AppContext ctx) {
        if (ctx.settings().get("spark.repl.class.uri").isPresent()) {
            return true;
        }
        String name = ctx.snapshot().application().name().strip().toLowerCase(Locale.ROOT);
        return SESSION_NAMES.contains(name) || SESSION_PREFIXES.stream().anyMatch(name::startsWith);
    }
}
