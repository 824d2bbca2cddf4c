package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.signals.SettingVersions;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** No fix proposes a setting the application's Spark version lacks: every proposed key has its first version. */
class SettingVersionsTest {

    @Test
    void everySettingABuiltInRuleProposesHasTheVersionThatFirstHasIt() {
        Set<String> proposed = new TreeSet<>();
        RuleCatalog.builtIn().forEach(rule -> rule.remedies().forEach(r -> proposed.addAll(r.conf().keySet())));
        assertThat(proposed).isNotEmpty();
        assertThat(SettingVersions.builtIn().keys())
                .as("add each to src/main/resources/config/spark-settings-since.tsv with the version that first has it")
                .containsAll(proposed);
    }

    @Test
    void aSettingIsMissingOnlyFromVersionsBeforeItsFirst() {
        SettingVersions v = SettingVersions.builtIn();
        assertThat(v.existsIn("spark.sql.pyspark.udf.profiler", 305)).isFalse();
        assertThat(v.existsIn("spark.sql.pyspark.udf.profiler", 400)).isTrue();
        assertThat(v.existsIn("spark.sql.pyspark.worker.logging.enabled", 400)).isFalse();
        assertThat(v.existsIn("spark.sql.pyspark.worker.logging.enabled", 402)).isTrue();
        // an unknown version or key drops nothing
        assertThat(v.existsIn("spark.sql.pyspark.udf.profiler", 0)).isTrue();
        assertThat(v.existsIn("spark.some.future.setting", 305)).isTrue();
    }
}
