package dev.sparkdoc.fleet.store;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code sparkdoc fleet report}: the report queries of {@code fleet/report/*.sql} run over a store.
 * The SQL is portable (SQLite and Spark SQL): parameters are written {@code :name} and replaced
 * here by literals, so the same files run wherever the tables are.
 */
public final class FleetReports {

    /** The report queries, in the order the report shows them. */
    public static final List<String> NAMES = List.of("costly-rules", "recurring", "regressions", "regression-findings",
            "new-failures");

    /** A regression: the latest run at least this many times its median, and at least {@link #SLOWER_MS} slower. */
    public static final double SLOWER_RATIO = 1.5;
    public static final long SLOWER_MS = 60_000;

    /** A parameter: a colon, then a name, not inside a word (so '12:30' in a string is left alone). */
    private static final Pattern PARAMETER = Pattern.compile("(?<![\\w:]):([a-z][a-z_]*)\\b");

    /** Each query's rows, column name to value. */
    public record Result(long sinceMs, long applications, Map<String, List<Map<String, Object>>> rows) {

        public List<Map<String, Object>> of(String report) {
            return rows.getOrDefault(report, List.of());
        }
    }

    private FleetReports() {
    }

    public static Result run(FleetStore store, long sinceMs) {
        Map<String, List<Map<String, Object>>> out = new java.util.LinkedHashMap<>();
        bound(NAMES, sinceMs).forEach((name, sql) -> out.put(name, store.query(sql)));
        return new Result(sinceMs, store.applications(), out);
    }

    /**
     * The named reports' SQL with the parameters of a report since {@code sinceMs} as literals,
     * without a trailing semicolon (Spark's {@code sql()} takes one statement and no more): what the
     * SQLite store and the cluster's FleetJob both run.
     */
    public static Map<String, String> bound(List<String> names, long sinceMs) {
        Map<String, Object> params = Map.of("since_ms", sinceMs, "slower_ratio", SLOWER_RATIO, "slower_ms", SLOWER_MS);
        Map<String, String> out = new java.util.LinkedHashMap<>();
        for (String name : names) {
            out.put(name, bind(sql(name), params).strip().replaceAll(";\\s*$", ""));
        }
        return out;
    }

    /** The text of one report query, as shipped in the jar. */
    public static String sql(String name) {
        try (InputStream in = FleetReports.class.getResourceAsStream("/fleet/report/" + name + ".sql")) {
            if (in == null) {
                throw new IllegalStateException("fleet/report/" + name + ".sql is missing from the jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read fleet/report/" + name + ".sql", e);
        }
    }

    /** {@code :name} replaced by its value as an SQL literal (numbers only: nothing to quote or inject). */
    public static String bind(String sql, Map<String, Object> params) {
        String noComments = sql.replaceAll("(?m)--.*$", "");
        Matcher m = PARAMETER.matcher(noComments);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Object value = params.get(m.group(1));
            if (!(value instanceof Number n)) {
                throw new IllegalArgumentException("no value for :" + m.group(1));
            }
            String literal = n instanceof Double || n instanceof Float ? String.format(Locale.ROOT, "%s", n) : String.valueOf(n.longValue());
            m.appendReplacement(out, literal);
        }
        m.appendTail(out);
        return out.toString();
    }
}
