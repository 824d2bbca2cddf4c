package dev.sparkdoc.redact;

import dev.sparkdoc.model.AppSnapshot;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Secrets in free text, hidden before a snapshot leaves its source. Properties are redacted by
 * the readers; but a JDBC URL with {@code password=…} also sits in a SQL description, a job
 * description ({@code spark.job.description}), a plan node, a failure message and a task's error,
 * and Spark's own redaction ({@code spark.sql.redaction.string.regex}) is off by default. Every
 * reader goes through {@code Sources.open}, so every output (text, JSON, snapshot files, diff, the
 * TUI) sees the redacted text.
 *
 * <p>The snapshot is walked by type, not field by field: every {@code String} of every model record
 * (also inside an {@code Optional}, a {@code List}, a map's values and nested records) goes through
 * {@link Redaction#text}, so a text field added to the model is redacted without anyone remembering
 * it. The exceptions are {@link #KEPT}, each with its reason, and {@link #PROPERTIES}. Map keys are
 * names (metric names, log kinds, property keys) and are kept. Properties are redacted again so a
 * {@code SPARKDOC_REDACT} pattern also applies to snapshot files written without it.
 */
public final class FreeTextRedaction {

    /**
     * Texts that are no free text: identifiers that join one part of a snapshot to another (an
     * executor's id and host in its tasks, an app's id in file names), and names from a closed set
     * (a status, a failure kind, a class name, a version). Named {@code Record.component}, nested
     * records as {@code Outer.Inner.component}.
     */
    static final Map<String, String> KEPT = Map.ofEntries(
            Map.entry("Application.id", "the application's id: names it in files, URLs and diffs"),
            Map.entry("Application.attemptId", "an attempt's id"),
            Map.entry("Application.sparkVersion", "a version"),
            Map.entry("Application.user", "the user who ran it, an account name"),
            Map.entry("Application.Attempt.attemptId", "an attempt's id"),
            Map.entry("Application.Attempt.sparkUser", "the user who ran it, an account name"),
            Map.entry("Application.Attempt.sparkVersion", "a version"),
            Map.entry("Environment.javaVersion", "a version"),
            Map.entry("Environment.scalaVersion", "a version"),
            Map.entry("Executor.id", "the executor's id, joined to its tasks and threads"),
            Map.entry("Executor.hostPort", "host:port, joined to its tasks"),
            Map.entry("SqlExecution.status", "a status from a closed set"),
            Map.entry("SqlExecution.PlanMetric.name", "a metric's name, matched by the signals"),
            Map.entry("TaskFailure.reason", "a failure kind from a closed set (ExceptionFailure, FetchFailed, …)"),
            Map.entry("TaskFailure.exceptionClass", "a class name, matched by the rules"),
            Map.entry("TaskFailure.executorId", "an executor's id"),
            Map.entry("TaskFailure.host", "a host name"),
            Map.entry("TaskSample.executorId", "an executor's id"),
            Map.entry("TaskSample.host", "a host name"),
            Map.entry("TaskSample.status", "a status from a closed set"),
            Map.entry("TaskThread.executorId", "an executor's id"),
            Map.entry("TaskThread.state", "a thread state from a closed set"),
            Map.entry("TaskThread.frames", "code locations (class, method, file:line), matched by the explain patterns"),
            Map.entry("DriverThread.state", "a thread state from a closed set"),
            Map.entry("DriverThread.frames", "code locations (class, method, file:line), matched by the explain patterns"));

    /**
     * Spark's properties: a secret-looking key hides its whole value, as Spark's own
     * {@code spark.redaction.regex} does; other values are redacted as free text.
     */
    static final Set<String> PROPERTIES = Set.of("Environment.sparkProperties", "Environment.systemProperties",
            "SqlExecution.modifiedConfigs");

    private FreeTextRedaction() {
    }

    public static AppSnapshot apply(AppSnapshot s) {
        return (AppSnapshot) walk(s);
    }

    /** A record's components as the walk treats them, worked out once per type. */
    private record Plan(Constructor<?> canonical, List<Part> parts) {
    }

    private enum Rule { KEEP, TEXT, PROPERTIES }

    private record Part(Method accessor, Rule rule) {
    }

    private static final ClassValue<Plan> PLANS = new ClassValue<>() {
        @Override
        protected Plan computeValue(Class<?> type) {
            return plan(type);
        }
    };

    private static Plan plan(Class<?> type) {
        RecordComponent[] components = type.getRecordComponents();
        List<Part> parts = new ArrayList<>(components.length);
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
            RecordComponent c = components[i];
            types[i] = c.getType();
            String name = name(type) + "." + c.getName();
            Rule rule = KEPT.containsKey(name) ? Rule.KEEP : PROPERTIES.contains(name) ? Rule.PROPERTIES
                    : mayHoldText(c.getGenericType(), new HashSet<>()) ? Rule.TEXT : Rule.KEEP;
            parts.add(new Part(c.getAccessor(), rule));
        }
        try {
            return new Plan(type.getDeclaredConstructor(types), parts);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("a record without its canonical constructor: " + type, e);
        }
    }

    /** {@code Executor}, {@code SqlExecution.PlanNode}: how {@link #KEPT} names a record. */
    static String name(Class<?> type) {
        return type.getName().substring(type.getPackageName().length() + 1).replace('$', '.');
    }

    /** True when a value of this type can hold a text: numbers, times and enums are skipped whole. */
    private static boolean mayHoldText(Type type, Set<Type> seen) {
        if (type instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments();
            // a map's keys are names: only its values count
            return mayHoldText(args[args.length - 1], seen);
        }
        if (!(type instanceof Class<?> c)) {
            return true;
        }
        if (c == String.class) {
            return true;
        }
        if (!c.isRecord() || !seen.add(c)) {
            return false;
        }
        for (RecordComponent rc : c.getRecordComponents()) {
            if (mayHoldText(rc.getGenericType(), seen)) {
                return true;
            }
        }
        return false;
    }

    /** The value with every text in it redacted; the same instance where nothing changed. */
    private static Object walk(Object value) {
        if (value instanceof String s) {
            return Redaction.text(s);
        }
        if (value instanceof Optional<?> o) {
            if (o.isEmpty()) {
                return o;
            }
            Object inner = walk(o.get());
            return inner == o.get() ? o : Optional.of(inner);
        }
        if (value instanceof List<?> list) {
            return walkList(list);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            boolean changed = false;
            for (Map.Entry<?, ?> e : map.entrySet()) {
                Object v = walk(e.getValue());
                changed |= v != e.getValue();
                out.put(e.getKey(), v);
            }
            return changed ? out : map;
        }
        if (value instanceof Record r) {
            return walkRecord(r);
        }
        return value;
    }

    private static List<?> walkList(List<?> list) {
        List<Object> out = null;
        for (int i = 0; i < list.size(); i++) {
            Object v = list.get(i);
            Object w = walk(v);
            if (w != v && out == null) {
                out = new ArrayList<>(list.subList(0, i));
            }
            if (out != null) {
                out.add(w);
            }
        }
        return out == null ? list : out;
    }

    @SuppressWarnings("unchecked")
    private static Object walkRecord(Record r) {
        Plan plan = PLANS.get(r.getClass());
        Object[] args = new Object[plan.parts().size()];
        boolean changed = false;
        try {
            for (int i = 0; i < args.length; i++) {
                Part part = plan.parts().get(i);
                Object v = part.accessor().invoke(r);
                Object w = switch (part.rule()) {
                    case KEEP -> v;
                    case TEXT -> walk(v);
                    case PROPERTIES -> Redaction.properties((Map<String, String>) v);
                };
                changed |= part.rule() == Rule.PROPERTIES ? !w.equals(v) : w != v;
                args[i] = w;
            }
            return changed ? plan.canonical().newInstance(args) : r;
        } catch (IllegalAccessException | InstantiationException e) {
            throw new IllegalStateException("cannot rebuild " + r.getClass(), e);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cannot rebuild " + r.getClass(), e.getCause());
        }
    }
}
