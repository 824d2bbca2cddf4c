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

    private static final Pattern PARAMETER = Pattern.compile(":([a-z_]+)");

    /** Each query's rows, column name to value. */
    public record Result(long sinceMs, long applications, Map<String, List<Map<String, Object>>> rows) {

        public List<Map<String, Object>> of(String report) {
            return rows.getOrDefault(report, List.of());
        }
    }

    private FleetReports() {
    }

    public static Result run(FleetStore store, long sinceMs) {
        Map<String, Object> params = Map.of("since_ms", sinceMs, "slower_ratio", SLOWER_RATIO, "slower_ms", SLOWER_MS);
        Map<String, List<Map<String, Object>>> out = new java.util.LinkedHashMap<>();
        for (String name : NAMES) {
            out.put(name, store.query(bind(sql(name), params)));
        }
        return new Result(sinceMs, store.applications(), out);
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
