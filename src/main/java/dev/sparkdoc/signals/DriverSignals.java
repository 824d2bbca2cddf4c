package dev.sparkdoc.signals;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.FactList;
import dev.sparkdoc.facts.FactSink;
import dev.sparkdoc.facts.ScopeKind;
import dev.sparkdoc.model.DriverDump;
import dev.sparkdoc.model.ExecutorQuiet;
import java.time.temporal.ChronoUnit;

/** Facts of the live driver's own thread dump: what the driver does while the executors sit idle or it answers slowly. */
public final class DriverSignals {

    public static final FactList FACTS = new FactList(ScopeKind.APP);
    public static final Fact QUIET = FACTS.ms("app.driver.quiet",
            "no task has run on the executors for this long although the application has not finished (0 while a task runs)");
    public static final Fact THREAD = FACTS.text("app.driver.thread",
            "what the driver does, from its thread dump (live drivers): the thread running the app's own code, its frame and state, or what main waits for");
    public static final Fact DUMP = FACTS.text("app.driver.dump", "when the driver's thread dump was taken and why");
    public static final Fact OWN_CODE = FACTS.flag("app.driver.ownCode",
            "the driver's thread dump shows a thread running the app's own code (not waiting for Spark, I/O or a sleep)");
    public static final Fact PYTHON_SIDE = FACTS.flag("app.driver.pythonSide",
            "the driver's thread dump shows a PySpark driver's JVM only serving Py4J: its code runs in Python");
    public static final Fact ANSWER = FACTS.ms("app.driver.answer", "how long the REST API took to answer the poll that took the driver's dump");

    private DriverSignals() {
    }

    static void compute(AppContext ctx, FactSink sink) {
        var s = ctx.snapshot();
        sink.put(QUIET, ExecutorQuiet.ms(s.application(), s.stages(), ctx.now()));
        if (s.driverDump().isEmpty()) {
            return;
        }
        DriverDump d = s.driverDump().get();
        sink.put(ANSWER, d.answerMs());
        if (d.threadCount() == 0) {
            return; // a slow driver that did not give its dump in time: only its answer time is known
        }
        sink.text(DUMP, "driver thread dump at " + d.takenAt().truncatedTo(ChronoUnit.SECONDS) + ", taken because " + d.reason()
                + " (" + d.threadCount() + " threads)");
        DriverActivity.of(d).ifPresent(a -> sink.text(THREAD, a.text())
                .put(OWN_CODE, a.kind() == DriverActivity.Kind.OWN_CODE)
                .put(PYTHON_SIDE, a.kind() == DriverActivity.Kind.PYTHON_SIDE));
    }
}
