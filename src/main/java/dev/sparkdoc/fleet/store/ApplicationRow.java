package dev.sparkdoc.fleet.store;

/**
 * One application attempt: one row of table {@code applications} (docs/fleet-cluster.md).
 *
 * @param appKey          appId + "/" + attempt ("" when none); for an unreadable log "log:" + logPath
 * @param clusterManager  "yarn", "k8s", "standalone", "local", "mesos", or null
 * @param startMs         null when unknown, as {@code endMs} and {@code wallMs}
 * @param status          complete | incomplete | failed | unreadable | empty | growing
 * @param reason          one line, null when read fine
 * @param timeAccountJson the triage JSON's timeAccount object, null when none
 * @param day             yyyy-MM-dd (UTC) of start, else of the log's modification: the partition column
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
        String day) { }
