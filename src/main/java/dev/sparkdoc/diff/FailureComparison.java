package dev.sparkdoc.diff;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.model.Job;
import dev.sparkdoc.model.JobStatus;
import dev.sparkdoc.model.Stage;
import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.signals.ExceptionNames;
import dev.sparkdoc.signals.FailureKind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Errors of the current run that the baseline did not have, each named by its root cause as
 * {@code sparkdoc explain} names it (Spark wraps a UDF's exception in SparkException and a
 * Python one in PythonException: the classifier finds the real one). Two errors are the same
 * when their root exception and message agree once numbers (ids, offsets, sizes) are removed.
 */
final class FailureComparison {

    private static final ErrorClassifier CLASSIFIER = ErrorClassifier.builtIn();

    private record Seen(String key, String summary, String title, String where, int count) {
    }

    private FailureComparison() {
    }

    static List<Change> newFailures(AppSnapshot before, AppSnapshot after) {
        Set<String> old = failures(before).stream().map(Seen::key).collect(Collectors.toSet());
        Map<String, Seen> fresh = new LinkedHashMap<>();
        for (Seen s : failures(after)) {
            if (!old.contains(s.key())) {
                fresh.merge(s.key(), s, (x, y) -> new Seen(x.key(), x.summary(), x.title(), x.where(), x.count() + y.count()));
            }
        }
        List<Change> out = new ArrayList<>();
        for (Seen s : fresh.values()) {
            List<String> details = new ArrayList<>();
            if (!s.title().isBlank()) {
                details.add(s.title());
            }
            details.add(s.count() + " failed task attempt(s) or job(s); none in the baseline");
            out.add(new Change(ChangeKind.FAILURE, "new failure: " + s.summary(), s.where(), Optional.empty(),
                    Optional.empty(), Optional.empty(), true, details, List.of()));
        }
        return out;
    }

    private static List<Seen> failures(AppSnapshot s) {
        List<Seen> out = new ArrayList<>();
        for (Stage stage : s.stages()) {
            for (TaskFailure f : stage.failures()) {
                String text = f.message() + "\n" + f.detail();
                // Deliberate kills (speculation, cancellation after another failure) are not errors of their own.
                if (FailureKind.classify(f.reason(), text) == FailureKind.KILLED) {
                    continue;
                }
                out.add(seen(text, f.exceptionClass().orElse(f.reason()) + ": " + ExceptionNames.headline(f.message(), f.detail()),
                        "stage " + stage.stageId(), f.count()));
            }
        }
        for (Job job : s.jobs()) {
            if (job.status() == JobStatus.FAILED) {
                String reason = job.failureReason().orElse("job failed");
                out.add(seen(reason, ExceptionNames.headline(reason, reason), "job " + job.jobId(), 1));
            }
        }
        return out;
    }

    private static Seen seen(String text, String fallback, String where, int count) {
        Optional<ExplainedError> root = CLASSIFIER.classify(text).stream().filter(ExplainedError::recognised).findFirst();
        String summary = root.map(ExplainedError::summary).orElse(fallback);
        String title = root.map(ExplainedError::title).orElse("");
        String key = root.map(e -> e.simpleName() + "|" + e.pattern() + "|" + e.message()).orElse(fallback);
        return new Seen(key.replaceAll("\\d+", "#"), summary, title, where, count);
    }
}
