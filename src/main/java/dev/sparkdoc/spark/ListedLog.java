package dev.sparkdoc.spark;

import java.io.Serializable;

/**
 * One event log as the listing saw it, shipped to an executor. Its path, size and modification
 * time are also its identity in the store: a log read once with these three is not read again.
 *
 * @param path      the log's fully qualified Hadoop path (a file, or a rolling {@code eventlog_v2_} folder)
 * @param size      bytes; for a rolling folder the sum of its files
 * @param modifiedMs the last modification; for a rolling folder the newest of its files
 */
public record ListedLog(String path, long size, long modifiedMs) implements Serializable {
}
