package dev.sparkdoc.source.rest;

import dev.sparkdoc.model.TaskFailure;
import dev.sparkdoc.model.TaskQuantiles;
import dev.sparkdoc.model.TaskSample;
import java.util.List;
import java.util.Optional;

/** What the per-stage requests added to a stage: quantiles, notable tasks and failures. */
record StageDetails(Optional<TaskQuantiles> quantiles, List<TaskSample> notableTasks, List<TaskFailure> failures) {

    static final StageDetails NONE = new StageDetails(Optional.empty(), List.of(), List.of());

    StageDetails {
        notableTasks = List.copyOf(notableTasks);
        failures = List.copyOf(failures);
    }
}
