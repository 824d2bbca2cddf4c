package dev.sparkdoc.source.profile;

import dev.sparkdoc.model.ProfileDump.ProfiledFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A cProfile result as {@code pstats.Stats.dump_stats} writes it: the marshal of one dict, {@code
 * (file, line, name) → (cc, nc, tt, ct, callers)} (CPython {@code Lib/pstats.py}). The callers are
 * not kept: the summaries read each function's own figures.
 */
final class PStatsFile {

    private PStatsFile() {
    }

    /** The functions of a dump, in its order; {@link MarshalException} when it is not a pstats table. */
    static List<ProfiledFunction> functions(byte[] bytes) {
        if (!(Marshal.read(bytes) instanceof Map<?, ?> table)) {
            throw new MarshalException("not a pstats table (its top object is not a dict)");
        }
        List<ProfiledFunction> functions = new ArrayList<>(table.size());
        for (Map.Entry<?, ?> e : table.entrySet()) {
            List<?> key = tuple(e.getKey(), 3, "a function's key");
            List<?> figures = tuple(e.getValue(), 5, "a function's figures");
            functions.add(new ProfiledFunction(text(key.get(0)), (int) count(key.get(1)), text(key.get(2)),
                    count(figures.get(0)), count(figures.get(1)), seconds(figures.get(2)), seconds(figures.get(3))));
        }
        return List.copyOf(functions);
    }

    private static List<?> tuple(Object value, int size, String what) {
        if (value instanceof List<?> items && items.size() == size) {
            return items;
        }
        throw new MarshalException(what + " is not a tuple of " + size + ": " + shortly(value));
    }

    private static String text(Object value) {
        if (value instanceof String s) {
            return s;
        }
        throw new MarshalException("a function's file or name is not a string: " + shortly(value));
    }

    private static long count(Object value) {
        if (value instanceof Long n && n >= 0) {
            return n;
        }
        throw new MarshalException("a count is not a non-negative int: " + shortly(value));
    }

    private static double seconds(Object value) {
        double s = value instanceof Double d ? d : value instanceof Long n ? n : Double.NaN;
        if (Double.isFinite(s) && s >= 0) {
            return s;
        }
        throw new MarshalException("a time is not a non-negative number: " + shortly(value));
    }

    private static String shortly(Object value) {
        String s = String.valueOf(value);
        return s.length() > 60 ? s.substring(0, 60) + "…" : s;
    }
}
