package dev.sparkdoc.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.ExecutorQuiet;
import dev.sparkdoc.rules.Diagnosis;
import dev.sparkdoc.rules.RuleCatalog;
import dev.sparkdoc.rules.Severity;
import dev.sparkdoc.signals.Signals;
import dev.sparkdoc.source.AppSelector;
import dev.sparkdoc.source.HttpOptions;
import dev.sparkdoc.source.rest.RestSource;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.testing.RealSpark;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real PySpark 3.5.1 driver busy in Python (driver_busy_python.py: a loop over collected rows)
 * while its executors sit idle: the JVM's dump shows only Py4J waiting, and sparkdoc says the
 * driver's code runs in Python rather than pretending the JVM is busy or idle; nothing at warning.
 */
@RealSpark
class LivePySparkDriverDumpScenarioTest {

    private static final Duration PATIENCE = Duration.ofMinutes(3);

    @TempDir
    Path dir;

    @Test
    void aPySparkDriverBusyInPythonIsSaidToRunItsCodeInPythonAndNothingIsAtWarning() throws Exception {
        assumeTrue(PySparkApp.available(), () -> "skipped: " + PySparkApp.unavailableReason());
        try (PySparkApp app = PySparkApp.submit(dir, "driver_busy_python.py", Map.of());
             RestSource rest = new RestSource(new Target.Http(app.uiUrl(PATIENCE)), AppSelector.ANY, HttpOptions.DEFAULT)) {
            app.awaitMark("collected", PATIENCE);
            AppSnapshot s = Await.value("20 s of quiet while the Python driver works", PATIENCE, () -> ScenarioTriage.readOrNull(rest),
                    snap -> snap != null && ExecutorQuiet.ms(snap.application(), snap.stages(), snap.takenAt()) >= 20_000
                            && snap.driverDump().isPresent());
            assertThat(app.marks()).as("the driver was still in build_report").doesNotContain("reported");
            ScopeFacts facts = Signals.compute(s).app();
            System.err.println("LivePySparkDriverDumpScenarioTest: " + facts.text("app.driver.thread").orElse("-")
                    + "\n  kept threads " + s.driverDump().get().threads().stream().map(t -> t.threadName() + " " + t.state()).toList());
            assertThat(facts.value("app.driver.pythonSide")).as(s.driverDump().toString()).hasValue(1.0);
            assertThat(facts.value("app.driver.ownCode")).hasValue(0.0);
            assertThat(facts.text("app.driver.thread").orElseThrow()).contains("the driver's code runs in its Python process");
            Diagnosis d = Diagnosis.of(s, RuleCatalog.builtIn());
            assertThat(d.atLeast(Severity.WARNING)).as(ScenarioTriage.describe("python driver", d)).isEmpty();
            app.finish(PATIENCE);
        }
    }
}
