package dev.sparkdoc.report;

import dev.sparkdoc.proc.ProcessGroups;
import dev.sparkdoc.proc.ProcessTable;
import dev.sparkdoc.proc.SparkReportedMemory;
import java.util.Optional;

/**
 * What {@code sparkdoc ps} shows: the local processes, grouped, and when a target was given,
 * Spark's own memory figures for every executor (also those on other hosts).
 */
public record PsReport(String host, ProcessTable table, ProcessGroups groups, Optional<SparkReportedMemory> spark) {

    public static PsReport of(String host, ProcessTable table, Optional<SparkReportedMemory> spark) {
        return new PsReport(host, table, ProcessGroups.of(table), spark);
    }
}
