package dev.sparkdoc.redact;

import static org.assertj.core.api.Assertions.assertThat;

import dev.sparkdoc.model.AppSnapshot;
import java.lang.reflect.Constructor;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Redaction by type: a snapshot with a secret planted in every text of every model record
 * (made by reflection, so a text field added to the model is planted too) comes out without it,
 * but for the documented exceptions.
 */
class FreeTextRedactionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "jdbc:postgresql://db/sales?user=etl&password=hunter2 | hunter2",
            "Authorization: Bearer abc.def.ghi | abc.def.ghi",
            "s3a://AKIA:wJalrXUtnFEMI@bucket/key | wJalrXUtnFEMI"})
    void aSecretPlantedInEveryTextOfASnapshotIsGone(String text, String secret) {
        AppSnapshot redacted = FreeTextRedaction.apply((AppSnapshot) planted(AppSnapshot.class, text, new HashSet<>()));
        Map<String, List<String>> texts = texts(redacted);
        texts.forEach((component, values) -> {
            if (FreeTextRedaction.KEPT.containsKey(component)) {
                assertThat(values).as(component + " is kept as it is").allMatch(v -> v.equals(text) || v.equals("key"));
            } else {
                assertThat(values).as(component).noneMatch(v -> v.contains(secret));
            }
        });
    }

    @Test
    void everyTextOfTheModelIsRedactedOrADocumentedException() {
        Set<String> components = textComponents(AppSnapshot.class, new HashSet<>(), new TreeSet<>());
        // the planted snapshot reaches every text the model has, so the test above sees them all
        Map<String, List<String>> texts = texts((AppSnapshot) planted(AppSnapshot.class, "x", new HashSet<>()));
        assertThat(texts.keySet()).containsAll(components);
        // every exception names a text the model has, and says why
        assertThat(components).containsAll(FreeTextRedaction.KEPT.keySet()).containsAll(FreeTextRedaction.PROPERTIES);
        assertThat(FreeTextRedaction.KEPT.values()).allMatch(why -> !why.isBlank());
        // what is kept is ids, names from closed sets and code locations: a free text there is a mistake
        assertThat(FreeTextRedaction.KEPT.keySet()).noneMatch(c -> c.endsWith("description") || c.endsWith("message")
                || c.endsWith("detail") || c.endsWith("details") || c.endsWith("name") && !c.endsWith("PlanMetric.name"));
    }

    @Test
    void aSnapshotWithoutSecretsIsReturnedAsItIs() {
        AppSnapshot clean = (AppSnapshot) planted(AppSnapshot.class, "nothing to hide", new HashSet<>());
        AppSnapshot out = FreeTextRedaction.apply(clean);
        assertThat(out).isEqualTo(clean);
        assertThat(out.stages()).isSameAs(clean.stages());
    }

    /** "Record.component" of every component whose type holds a String, reachable from {@code type}. */
    private static Set<String> textComponents(Class<?> type, Set<Class<?>> seen, Set<String> out) {
        if (!type.isRecord() || !seen.add(type)) {
            return out;
        }
        for (RecordComponent c : type.getRecordComponents()) {
            List<Class<?>> inside = new ArrayList<>();
            if (holdsString(c.getGenericType(), inside)) {
                out.add(FreeTextRedaction.name(type) + "." + c.getName());
            }
            inside.forEach(t -> textComponents(t, seen, out));
        }
        return out;
    }

    private static boolean holdsString(Type t, List<Class<?>> records) {
        if (t instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments();
            boolean any = false;
            // a map's keys are names, kept: only its values are texts
            for (int i = p.getRawType() == Map.class ? 1 : 0; i < args.length; i++) {
                any |= holdsString(args[i], records);
            }
            return any;
        }
        if (t == String.class) {
            return true;
        }
        if (t instanceof Class<?> c && c.isRecord()) {
            records.add(c);
        }
        return false;
    }

    /** Every text in a value by the record component it sits in. */
    private static Map<String, List<String>> texts(Object root) {
        Map<String, List<String>> out = new TreeMap<>();
        collect(root, null, out);
        return out;
    }

    private static void collect(Object v, String component, Map<String, List<String>> out) {
        if (v instanceof String s) {
            out.computeIfAbsent(component, c -> new ArrayList<>()).add(s);
        } else if (v instanceof Optional<?> o) {
            o.ifPresent(x -> collect(x, component, out));
        } else if (v instanceof List<?> l) {
            l.forEach(x -> collect(x, component, out));
        } else if (v instanceof Map<?, ?> m) {
            m.values().forEach(x -> collect(x, component, out));
        } else if (v instanceof Record r) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                try {
                    collect(c.getAccessor().invoke(r), FreeTextRedaction.name(r.getClass()) + "." + c.getName(), out);
                } catch (ReflectiveOperationException e) {
                    throw new AssertionError(e);
                }
            }
        }
    }

    /** A value of {@code type} with {@code text} in every String, one element in every list, map and Optional. */
    private static Object planted(Type type, String text, Set<Class<?>> path) {
        if (type instanceof ParameterizedType p) {
            Type[] args = p.getActualTypeArguments();
            Class<?> raw = (Class<?>) p.getRawType();
            if (raw == Optional.class) {
                return Optional.of(planted(args[0], text, path));
            }
            if (raw == List.class) {
                return List.of(planted(args[0], text, path));
            }
            if (raw == Map.class) {
                Object key = args[0] == String.class ? "key" : planted(args[0], text, path);
                return Map.of(key, planted(args[1], text, path));
            }
            throw new AssertionError("a model type the planter does not know: " + type);
        }
        Class<?> c = (Class<?>) type;
        if (c == String.class) {
            return text;
        }
        if (c == int.class || c == Integer.class) {
            return 1;
        }
        if (c == long.class || c == Long.class) {
            return 1L;
        }
        if (c == double.class || c == Double.class) {
            return 1.0;
        }
        if (c == boolean.class || c == Boolean.class) {
            return false;
        }
        if (c == Instant.class) {
            return Instant.EPOCH;
        }
        if (c == Duration.class) {
            return Duration.ZERO;
        }
        if (c == OptionalLong.class) {
            return OptionalLong.of(1);
        }
        if (c == OptionalInt.class) {
            return OptionalInt.of(1);
        }
        if (c == OptionalDouble.class) {
            return OptionalDouble.of(1);
        }
        if (c.isEnum()) {
            return c.getEnumConstants()[0];
        }
        if (c.isRecord() && path.add(c)) {
            RecordComponent[] rc = c.getRecordComponents();
            Object[] args = new Object[rc.length];
            Class<?>[] types = new Class<?>[rc.length];
            for (int i = 0; i < rc.length; i++) {
                args[i] = planted(rc[i].getGenericType(), text, path);
                types[i] = rc[i].getType();
            }
            path.remove(c);
            try {
                Constructor<?> canonical = c.getDeclaredConstructor(types);
                return canonical.newInstance(args);
            } catch (ReflectiveOperationException e) {
                throw new AssertionError("cannot make a " + c, e);
            }
        }
        throw new AssertionError("a model type the planter does not know: " + type);
    }
}
