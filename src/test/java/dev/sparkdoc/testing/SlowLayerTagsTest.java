package dev.sparkdoc.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.ArchConfiguration;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import java.lang.annotation.Annotation;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The quick loop ({@code mvn -Pquick test}) is quick only while every test that starts a real
 * Spark, drives a tmux terminal or forks the CLI says so with its tag: a test that reaches one of
 * those helpers, itself or through another test class, and lacks the tag fails here.
 */
class SlowLayerTagsTest {

    /** What makes a test slow, by the class it reaches, and the tag that says so. */
    private static final Map<String, Class<? extends Annotation>> SLOW_HELPERS = Map.of(
            "org.apache.spark.sql.SparkSession", RealSpark.class,
            "org.apache.spark.SparkContext", RealSpark.class,
            "dev.sparkdoc.spark.LocalSpark", RealSpark.class,
            "dev.sparkdoc.spark.PySparkApp", RealSpark.class,
            "dev.sparkdoc.spark.LocalHistoryServer", RealSpark.class,
            "dev.sparkdoc.tui.Tmux", RealTerminal.class,
            "dev.sparkdoc.cli.CliProcess", ForkedProcess.class);

    @Test
    void aTestThatReachesSparkATerminalOrTheForkedCliCarriesItsTag() {
        // the test classes' own folder, not a package scan of the class path (hundreds of Spark
        // jars); and the names of the classes a test reaches are all this needs: resolving them
        // from the class path would import Spark's classes too, and cost seconds
        JavaClasses tests = ArchConfiguration.withThreadLocalScope(config -> {
            config.setResolveMissingDependenciesFromClassPath(false);
            return new ClassFileImporter().importPath(testClassesFolder());
        });

        Set<String> untagged = new TreeSet<>();
        for (JavaClass test : tests) {
            if (!isTopLevelTestClass(test)) {
                continue;
            }
            for (String helper : slowHelpersReachedBy(test, tests)) {
                Class<? extends Annotation> tag = SLOW_HELPERS.get(helper);
                if (!carries(test, tag)) {
                    untagged.add(test.getSimpleName() + " reaches " + helper + " without @" + tag.getSimpleName());
                }
            }
        }

        assertThat(untagged).isEmpty();
    }

    private static Path testClassesFolder() {
        try {
            return Path.of(SlowLayerTagsTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isTopLevelTestClass(JavaClass c) {
        return c.getEnclosingClass().isEmpty() && c.getSimpleName().endsWith("Test") && !c.isInterface();
    }

    /** A tag on the class, or on one of its tests when only those are slow. */
    private static boolean carries(JavaClass test, Class<? extends Annotation> tag) {
        return test.isAnnotatedWith(tag) || test.getMethods().stream().anyMatch(m -> m.isAnnotatedWith(tag));
    }

    /** The helpers the test reaches through the test classes it uses, its nested ones included. */
    private static Set<String> slowHelpersReachedBy(JavaClass test, JavaClasses tests) {
        Set<String> reached = new HashSet<>();
        Set<String> seen = new HashSet<>();
        Deque<JavaClass> todo = new ArrayDeque<>(List.of(test));
        tests.stream().filter(c -> c.getName().startsWith(test.getName() + "$")).forEach(todo::add);
        while (!todo.isEmpty()) {
            JavaClass c = todo.pop();
            if (!seen.add(c.getName())) {
                continue;
            }
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                String target = d.getTargetClass().getBaseComponentType().getName();
                if (SLOW_HELPERS.containsKey(target)) {
                    reached.add(target);
                } else if (tests.contain(target)) {
                    todo.add(tests.get(target));
                }
            }
        }
        return reached;
    }
}
