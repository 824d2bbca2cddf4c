package dev.sparkdoc.fleet.store;

/**
 * One finding: one row of table {@code findings} (docs/fleet-cluster.md).
 *
 * @param secondsLost  null when the cost is not measured
 * @param evidenceJson the triage JSON's evidence array, redacted (as {@code remediesJson} its remedies)
 */
public record FindingRow(
        String appKey, int rank, String rule, String family, String severity,
        Double secondsLost,
        String scope, String title,
        String evidenceJson, String remediesJson,
        String day) { }
