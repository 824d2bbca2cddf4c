package dev.sparkdoc.signals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The language of the app's own code, from real logs of the blind corpus (their sources say what it is). */
class AppLanguageTest {

    private static AppSnapshot read(String corpusCase) throws IOException {
        try (Stream<Path> files = Files.list(Path.of("src/test/resources/corpus", corpusCase))) {
            return new EventLogSource(files.findFirst().orElseThrow()).read();
        }
    }

    @Test
    void aSpark4JavaAppWhoseStagesNameOnlyTheQueryThreadPoolIsJavaByItsQueriesCallSites() throws IOException {
        // every stage is "$anonfun$withThreadLocalCaptured$2 at CompletableFuture.java"; the queries say "show at App.java:28"
        assertThat(AppLanguage.of(AppContext.of(read("j401_join_duplicate_keys_explosion")))).contains(AppLanguage.JAVA);
    }

    @Test
    void pythonAndJavaAppsKeepTheirLanguage() throws IOException {
        assertThat(AppLanguage.of(AppContext.of(read("p351_healthy_sql_window")))).contains(AppLanguage.PYTHON);
        assertThat(AppLanguage.of(AppContext.of(read("j359_flaky_task_retries")))).contains(AppLanguage.JAVA);
    }
}
