package dev.sparkdoc.tui;

import static dev.sparkdoc.testing.SecretLogs.SECRET;
import static dev.sparkdoc.tui.TuiFixtures.keys;
import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.testing.SecretLogs;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The live view of an application that leaks secrets in its SQL text: no pane shows them. */
class SecretsTuiTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "j\n", "2", "2\n", "2j\n", "3", "4", "?"})
    void noPaneOrDrillShowsTheSecret(String typed) {
        UiState s = keys(TuiFixtures.still(SecretLogs.write(dir), 200, 50), typed);
        String screen = TextBackend.text(Views.render(s));

        assertThat(screen).doesNotContain(SECRET);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "2"})
    void theRedactedSqlTextIsWhatIsShown(String typed) {
        UiState s = keys(TuiFixtures.still(SecretLogs.write(dir), 200, 50), typed);
        assertThat(TextBackend.text(Views.render(s))).contains("SELECT * FROM orders");
    }
}
