package dev.sparkdoc.tui;

import dev.sparkdoc.model.AppSnapshot;

/**
 * Local processes of the application (driver, executors, pyspark.daemon, Python workers),
 * sampled by the poller right after each snapshot so the rows can be linked to its executors.
 * Implementations must not throw for processes that vanish mid-scan: that is normal.
 */
public interface ProcessFeed {

    /** Shown until a real sampler is wired in. */
    ProcessFeed NONE = snapshot -> ProcessPaneRows.NOT_YET;

    ProcessPaneRows sample(AppSnapshot snapshot);
}
