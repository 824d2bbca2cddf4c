package dev.sparkdoc.rules;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.facts.ScopeFacts;
import dev.sparkdoc.model.AppSnapshot;
import dev.sparkdoc.signals.SignalSet;
import dev.sparkdoc.signals.Signals;
import dev.sparkdoc.source.eventlog.EventLogSource;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every event log of Spark's own History Server tests (spark-upstream, Apache 2.0) triages
 * without error, ranked, with every placeholder of every finding filled.
 */
class UpstreamEventLogsTest {

    private static final List<Rule> RULES = RuleCatalog.builtIn();

    static Stream<Path> eventLogs() throws IOException, URISyntaxException {
        Path root = Path.of(UpstreamEventLogsTest.class.getResource("/spark-upstream").toURI());
        List<Path> logs = new ArrayList<>();
        for (String dir : List.of("spark-events", "spark-events-broken", "sql-spark-events")) {
            try (Stream<Path> files = Files.walk(root.resolve(dir))) {
                files.filter(Files::isRegularFile).sorted().forEach(logs::add);
            }
        }
        assertThat(logs).hasSizeGreaterThanOrEqualTo(20);
        return logs.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("eventLogs")
    void triagesWithoutErrorAndFillsEveryPlaceholder(Path log) {
        AppSnapshot snapshot = new EventLogSource(log).read();
        Diagnosis d = Diagnosis.of(snapshot, RULES);

        assertThat(d.findings()).isSortedAccordingTo(RuleEngine.RANKING);
        SignalSet signals = Signals.compute(snapshot);
        for (Finding f : d.findings()) {
            Rule rule = RULES.stream().filter(r -> r.id().equals(f.rule())).findFirst().orElseThrow();
            ScopeFacts facts = signals.of(rule.scope()).stream().filter(s -> s.scope().equals(f.scope())).findFirst().orElseThrow();
            List<String> templates = new ArrayList<>(List.of(rule.title(), rule.verify()));
            rule.remedies().forEach(r -> {
                templates.add(r.text());
                templates.addAll(r.conf().values());
                r.code().ifPresent(templates::add);
            });
            for (String t : templates) {
                Matcher m = Templates.PLACEHOLDER.matcher(t);
                while (m.find()) {
                    String name = m.group(1);
                    boolean known = name.startsWith("scope.") || facts.value(name).isPresent() || facts.text(name).isPresent();
                    assertThat(known).as("%s on %s: {%s} in '%s'", f.rule(), f.scope().label(), name, t).isTrue();
                }
            }
            assertThat(f.title()).doesNotContain("{");
            assertThat(f.secondsLost()).isNotNegative().isFinite();
        }
    }
}
