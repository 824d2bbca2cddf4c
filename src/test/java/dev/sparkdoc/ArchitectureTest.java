package dev.sparkdoc;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import dev.sparkdoc.cli.Main;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The pipeline's direction (ARCHITECTURE.md, "One pipeline"): targets → source → model → signals →
 * rules → findings → report | tui, with cli as the composition root. A package may use only the
 * packages this test names for it; a new import against the direction fails here, with the class
 * and the line.
 */
class ArchitectureTest {

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // the main classes' own folder, not a package scan of the test class path (Spark's hundreds
        // of jars); every rule here is about dev.sparkdoc's own classes, so the classes they use
        // outside it need not be imported from the class path (that cost half a minute cold)
        main = ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            return new ClassFileImporter().importPath(mainClassesFolder());
        });
    }

    private static Path mainClassesFolder() {
        try {
            return Path.of(Main.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void packagesImportOnlyAlongThePipeline() {
        ArchRule rule = layeredArchitecture().consideringOnlyDependenciesInLayers()
                // the vocabulary everyone shares; none of them knows another sparkdoc package
                .layer("model").definedBy("dev.sparkdoc.model..")
                .layer("facts").definedBy("dev.sparkdoc.facts..")
                .layer("targets").definedBy("dev.sparkdoc.targets..")
                .layer("json").definedBy("dev.sparkdoc.json..")
                .layer("datafile").definedBy("dev.sparkdoc.datafile..")
                .layer("firstaid").definedBy("dev.sparkdoc.firstaid..")
                .layer("redact").definedBy("dev.sparkdoc.redact..")
                .layer("explain").definedBy("dev.sparkdoc.explain..")
                .layer("proc").definedBy("dev.sparkdoc.proc..")
                .layer("source").definedBy("dev.sparkdoc.source..")
                .layer("account").definedBy("dev.sparkdoc.account..")
                .layer("signals").definedBy("dev.sparkdoc.signals..")
                .layer("rules").definedBy("dev.sparkdoc.rules..")
                .layer("diff").definedBy("dev.sparkdoc.diff..")
                .layer("fleet").definedBy("dev.sparkdoc.fleet..")
                .layer("report").definedBy("dev.sparkdoc.report..")
                .layer("tui").definedBy("dev.sparkdoc.tui..")
                .layer("userconfig").definedBy("dev.sparkdoc.userconfig..")
                .layer("mcp").definedBy("dev.sparkdoc.mcp..")
                .layer("cli").definedBy("dev.sparkdoc.cli..")
                // the job spark-submit runs on a cluster: nothing in the CLI may need Spark on its class path
                .layer("spark").definedBy("dev.sparkdoc.spark..")
                .whereLayer("model").mayNotAccessAnyLayer()
                // the facts' vocabulary (names, units, scopes, formats): what every front end reads
                .whereLayer("facts").mayOnlyAccessLayers("model")
                .whereLayer("targets").mayNotAccessAnyLayer()
                .whereLayer("json").mayNotAccessAnyLayer()
                .whereLayer("datafile").mayNotAccessAnyLayer()
                .whereLayer("firstaid").mayNotAccessAnyLayer()
                .whereLayer("redact").mayOnlyAccessLayers("model")
                .whereLayer("explain").mayOnlyAccessLayers("datafile", "firstaid", "redact")
                .whereLayer("proc").mayOnlyAccessLayers("model", "facts", "targets", "redact")
                // a source knows nothing of what a rule is
                .whereLayer("source").mayOnlyAccessLayers("model", "facts", "targets", "json", "redact")
                // nothing in a rule knows where the data came from
                // the time account reads the model alone; signals publish its parts as facts
                .whereLayer("account").mayOnlyAccessLayers("model")
                .whereLayer("signals").mayOnlyAccessLayers("model", "facts", "proc", "explain", "datafile", "account")
                .whereLayer("rules").mayOnlyAccessLayers("model", "facts", "proc", "signals", "datafile", "firstaid")
                .whereLayer("diff").mayOnlyAccessLayers("model", "facts", "targets", "source", "explain", "signals", "rules")
                .whereLayer("fleet").mayOnlyAccessLayers("model", "facts", "targets", "json", "source", "account", "signals", "rules")
                .whereLayer("report").mayOnlyAccessLayers("model", "facts", "json", "firstaid", "explain", "proc", "account", "signals", "rules",
                        "diff", "fleet")
                .whereLayer("tui").mayOnlyAccessLayers("model", "facts", "targets", "firstaid", "redact", "proc", "source", "signals",
                        "rules", "report")
                .whereLayer("userconfig").mayOnlyAccessLayers("targets", "source", "datafile", "redact", "proc")
                // the MCP server wires its tools as cli wires commands; only cli starts it
                .whereLayer("mcp").mayOnlyAccessLayers("model", "facts", "targets", "json", "datafile", "redact", "explain", "proc",
                        "source", "signals", "rules", "diff", "fleet", "report", "userconfig")
                .whereLayer("mcp").mayOnlyBeAccessedByLayers("cli")
                .whereLayer("cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("spark").mayNotBeAccessedByAnyLayer()
                .whereLayer("spark").mayOnlyAccessLayers("facts", "redact", "fleet");

        rule.check(main);
    }

    @Test
    void onlyTheSourceAndTheCompositionRootKnowHowATargetIsRead() {
        // the TUI, fleet and diff read through source's own types (SnapshotSource, Sources,
        // SourceException): a REST fault or an event-log class never reaches them
        // the MCP server's logs tool reads executor logs as 'sparkdoc logs' does
        ArchRule rule = noClasses().that().resideOutsideOfPackages("dev.sparkdoc.source..", "dev.sparkdoc.cli..", "dev.sparkdoc.mcp..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.sparkdoc.source.rest..", "dev.sparkdoc.source.eventlog..",
                        "dev.sparkdoc.source.snapshot..");

        rule.check(main);
    }

    @Test
    void noPackageCycles() {
        slices().matching("dev.sparkdoc.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void noTwoClassesShareAName() {
        Map<String, String> packagesBySimpleName = main.stream()
                .filter(c -> c.getEnclosingClass().isEmpty() && !c.getSimpleName().equals("package-info"))
                .collect(Collectors.groupingBy(JavaClass::getSimpleName,
                        Collectors.mapping(JavaClass::getPackageName, Collectors.joining(", "))));

        assertThat(packagesBySimpleName).allSatisfy((name, packages) ->
                assertThat(packages).as("class %s", name).doesNotContain(","));
    }
}
