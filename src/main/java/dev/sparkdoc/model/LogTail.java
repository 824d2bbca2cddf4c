package dev.sparkdoc.model;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The end of one executor log (stdout or stderr) as its link served it: at most the bytes asked
 * for, never the whole file.
 *
 * @param executorId the executor, as the REST API names it
 * @param kind       "stdout", "stderr" (or another name the link map uses)
 * @param url        the link, as Spark gave it
 * @param text       the tail's text (empty when it could not be read)
 * @param from       the tail's first byte in the file, when the server said
 * @param length     the file's whole length, when the server said
 * @param problem    why nothing (or not the tail) could be read: one line with the way out
 */
public record LogTail(String executorId, String kind, String url, String text, OptionalLong from, OptionalLong length,
                      Optional<String> problem) {
}
