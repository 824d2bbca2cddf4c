package dev.sparkdoc.fleet.store;

/**
 * One finding of an application: one row of table {@code findings}.
 *
 * @param rank         1 for the verdict, as in the triage JSON
 * @param secondsLost  null when the rule does not measure its cost
 * @param evidenceJson the triage JSON's {@code evidence} array of the finding (read from a redacted snapshot)
 * @param remediesJson the triage JSON's {@code remedies} array
 */
public record FindingRow(
        String appKey, int rank, String rule, String family, String severity,
        Double secondsLost,
        String scope, String title,
        String evidenceJson, String remediesJson,
        String day) {
}
