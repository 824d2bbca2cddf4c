package dev.sparkdoc.source.eventlog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sparkdoc.model.AppSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Real Spark test data copied from Apache Spark (see spark-upstream/ORIGIN.md). */
final class Fixtures {

    private static final ObjectMapper JSON = new ObjectMapper();

    private Fixtures() {
    }

    static Path path(String relative) {
        URL url = Fixtures.class.getResource("/spark-upstream/" + relative);
        if (url == null) {
            throw new IllegalArgumentException("no fixture " + relative);
        }
        try {
            return Path.of(url.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Path eventLog(String name) {
        return path("spark-events/" + name);
    }

    static AppSnapshot read(Path log) {
        return new EventLogSource(log).read();
    }

    static AppSnapshot readEventLog(String name) {
        return read(eventLog(name));
    }

    static JsonNode expectation(String name) {
        try {
            return JSON.readTree(path("history-server-expectations/" + name + "_expectation.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
