package dev.sparkdoc.fleet.store;

/**
 * One application attempt: one row of table {@code applications} (docs/fleet.md names each column).
 *
 * @param appKey         appId + "/" + attempt ("" when none); for a log that could not be read, "log:" + logPath
 * @param clusterManager "yarn", "k8s", "standalone", "local", "mesos", or null when the log does not say
 * @param status         complete | incomplete | failed | unreadable | empty | growing
 * @param reason         one line, null when the log was read fine
 * @param timeAccountJson the triage JSON's {@code timeAccount} object, null when none
 * @param day            yyyy-MM-dd (UTC) of the start, else of the log's modification: the partition column
 */
public record ApplicationRow(
        String appKey,
        String appId, String attempt, String name, String user,
        String sparkVersion, String clusterManager,
        Long startMs, Long endMs, Long wallMs,
        String status,
        String reason,
        String timeAccountJson,
        String logPath, long logSize, long logModifiedMs,
        String sparkdocVersion, String rulesHash,
        String day) {
}
