package dev.sparkdoc.rules.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.rules.Rule;
import java.io.IOException;
import java.lang.reflect.Method;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every rule of the built-in catalog has a test showing it fire ({@link Fires}) and one showing
 * it stay quiet on a near miss ({@link NearMiss}): a new rule without both fails the build.
 */
class CatalogCoverageTest {

    @Test
    void everyBuiltInRuleHasAPositiveAndANearMissTest() throws Exception {
        List<Method> tests = testMethods();
        Set<String> fires = ids(tests, m -> m.getAnnotation(Fires.class) == null ? new String[0] : m.getAnnotation(Fires.class).value());
        Set<String> nearMisses = ids(tests, m -> m.getAnnotation(NearMiss.class) == null ? new String[0] : m.getAnnotation(NearMiss.class).value());
        Set<String> catalog = CatalogAssert.RULES.stream().map(Rule::id).collect(Collectors.toCollection(TreeSet::new));

        assertThat(fires).as("rules with a positive test").containsAll(catalog);
        assertThat(nearMisses).as("rules with a near-miss test").containsAll(catalog);
        // and no test claims a rule that does not exist (a renamed id)
        assertThat(catalog).containsAll(fires).containsAll(nearMisses);
    }

    @Test
    void annotatedMethodsAreTests() throws Exception {
        assertThat(testMethods()).isNotEmpty().allSatisfy(m -> assertThat(m.isAnnotationPresent(Test.class)).as(m.toString()).isTrue());
    }

    /** Methods carrying {@link Fires} or {@link NearMiss} in this package's compiled test classes. */
    private static List<Method> testMethods() throws IOException, URISyntaxException, ClassNotFoundException {
        Path dir = Path.of(CatalogCoverageTest.class.getResource("").toURI());
        List<Method> methods = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".class") && !p.getFileName().toString().contains("$")).toList()) {
                String name = CatalogCoverageTest.class.getPackageName() + "." + f.getFileName().toString().replace(".class", "");
                for (Method m : Class.forName(name).getDeclaredMethods()) {
                    if (m.isAnnotationPresent(Fires.class) || m.isAnnotationPresent(NearMiss.class)) {
                        methods.add(m);
                    }
                }
            }
        }
        return methods;
    }

    private static Set<String> ids(List<Method> methods, java.util.function.Function<Method, String[]> of) {
        return methods.stream().flatMap(m -> Arrays.stream(of.apply(m))).collect(Collectors.toCollection(TreeSet::new));
    }
}
