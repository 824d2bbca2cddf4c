package dev.sparkdoc.signals;

import dev.sparkdoc.model.SqlExecution.PlanNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds UDFs in plan operators' expression text. Spark prints a Scala/Java UDF as its registered
 * name, or {@code UDF}, applied to its arguments ({@code ScalaUDF.toString}), the same shape as a
 * built-in call: a call is a UDF when its name is neither one of Spark's built-in functions nor an
 * internal expression. A Python UDF prints as {@code name(args)#id} inside its eval operator
 * ({@code PythonUDF.toString}); the operator's name tells row-at-a-time from Arrow.
 */
final class PlanUdfs {

    /** A call: a name (Python lambdas print as {@code <lambda>}) directly followed by "(". */
    private static final Pattern CALL = Pattern.compile("(?<![\\w#.$])(<lambda>|[A-Za-z_][A-Za-z0-9_]*)\\(");
    /** A Hive UDF prints as its wrapper and class: {@code HiveGenericUDF#com.acme.Upper(name#3)}. */
    private static final Pattern HIVE_CALL = Pattern.compile("\\bHive(?:Simple|Generic)?UD[AT]?F(?:Function)?#(?:[\\w$]+\\.)*([\\w$]+)\\(");
    /** An alias keeps the call's text as a column name ({@code pythonUDF0#5L AS parse(id)#3L}): not a call. */
    private static final String ALIAS = " AS ";
    /** Operators whose expressions can hold a JVM UDF; scans print pushed filters as calls (EqualTo(…)). */
    private static final List<String> JVM_UDF_OPERATORS = List.of("Project", "Filter", "Generate", "HashAggregate",
            "ObjectHashAggregate", "SortAggregate", "Window", "BroadcastHashJoin", "SortMergeJoin", "ShuffledHashJoin",
            "BroadcastNestedLoopJoin");
    private static final List<String> ARROW_OPERATORS = List.of("ArrowEvalPython", "FlatMapGroupsInPandas",
            "FlatMapCoGroupsInPandas", "MapInPandas", "MapInArrow", "AggregateInPandas", "WindowInPandas",
            "FlatMapGroupsInArrow", "FlatMapCoGroupsInArrow", "PythonMapInArrow");
    private static final Set<String> KNOWN = known();

    private PlanUdfs() {
    }

    static List<PlanUdf> of(List<PlanNode> nodes) {
        List<PlanUdf> out = new ArrayList<>();
        for (PlanNode n : nodes) {
            kind(n.name()).ifPresent(kind -> {
                Set<String> names = names(expressions(n));
                // a Python operator always runs Python, even when its UDF's name reads as a built-in
                if (names.isEmpty() && kind != UdfKind.JVM) {
                    names = Set.of(n.name());
                }
                names.forEach(name -> out.add(new PlanUdf(name, kind, n)));
            });
        }
        return out;
    }

    private static Optional<UdfKind> kind(String operator) {
        if (operator.startsWith("BatchEvalPython")) {
            return Optional.of(UdfKind.PYTHON_ROW);
        }
        if (ARROW_OPERATORS.stream().anyMatch(operator::startsWith)) {
            return Optional.of(UdfKind.PYTHON_ARROW);
        }
        return JVM_UDF_OPERATORS.contains(operator) ? Optional.of(UdfKind.JVM) : Optional.empty();
    }

    /** The operator's text without its own name: {@code HashAggregate(keys=…)} prints like a call. */
    static String expressions(PlanNode n) {
        String detail = n.detail();
        return detail.startsWith(n.name()) ? detail.substring(n.name().length()) : detail;
    }

    /** Distinct UDF names in one operator's text, in order. */
    static Set<String> names(String detail) {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = CALL.matcher(detail);
        while (m.find()) {
            String name = m.group(1);
            boolean alias = detail.startsWith(ALIAS, m.start() - ALIAS.length());
            if (!alias && !KNOWN.contains(builtinName(name))) {
                names.add(name);
            }
        }
        Matcher hive = HIVE_CALL.matcher(detail);
        while (hive.find()) {
            names.add(hive.group(1));
        }
        return names;
    }

    /** Aggregates print their phases as partial_sum, merge_sum, …: the function is what follows. */
    private static String builtinName(String call) {
        String lower = call.toLowerCase(Locale.ROOT);
        for (String phase : List.of("partial_", "merge_", "finalmerge_")) {
            if (lower.startsWith(phase)) {
                return lower.substring(phase.length());
            }
        }
        return lower;
    }

    private static Set<String> known() {
        Set<String> names = new HashSet<>();
        for (String file : List.of("spark-builtin-functions.txt", "spark-internal-expressions.txt")) {
            try (InputStream in = PlanUdfs.class.getResourceAsStream("/signals/" + file)) {
                if (in == null) {
                    throw new IllegalStateException("missing resource /signals/" + file);
                }
                new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)).lines()
                        .map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).forEach(names::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return Set.copyOf(names);
    }
}
