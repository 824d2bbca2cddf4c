package dev.sparkdoc.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.sparkdoc.datafile.DataFileException;
import dev.sparkdoc.rules.RuleCatalog;
import java.nio.file.Path;

/** A user's rule file, however broken: rules, or a {@link DataFileException} naming FILE:LINE. */
class RuleFileFuzzTest {

    @FuzzTest(maxDuration = "5m")
    void anyRuleFileLoadsOrFailsWithADataFileException(FuzzedDataProvider data) {
        byte[] yaml = data.consumeRemainingAsBytes();
        if (yaml.length > FuzzFiles.MAX_BYTES) {
            return;
        }
        Path dir = FuzzFiles.dir();
        try {
            RuleCatalog.load(FuzzFiles.write(dir, "rules.yaml", yaml));
        } catch (DataFileException expected) {
            // the one failure a user's file may cause
        } finally {
            FuzzFiles.delete(dir);
        }
    }
}
