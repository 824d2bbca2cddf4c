package dev.sparkdoc.signals;

import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.Setting;
import dev.sparkdoc.model.SourceKind;
import dev.sparkdoc.model.SqlExecution;
import java.math.BigDecimal;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The configuration in force for one scope, with the origin of every value: the query's own
 * session settings (the event log's {@code modifiedConfigs}), else the application's Spark
 * properties, else Spark's default for the application's version. Over REST a query's
 * {@code spark.conf.set} is not visible: there the app's properties and the defaults are all
 * there is.
 */
public final class Settings implements InForce {

    /** For scopes that know nothing of the application (rule-file cases, hand-made facts). */
    public static final Settings NONE = new Settings(Map.of(), Map.of(), -1, 0, false, true);

    @Override
    public boolean isNone() {
        return this == NONE;
    }

    private static final Pattern NUMBER_UNIT = Pattern.compile("^(-?[0-9]*\\.?[0-9]+)\\s*([a-z]*)$");

    private final Map<String, String> app;
    private final Map<String, String> query;
    private final long queryId;
    private final int version;
    private final boolean known;
    private final boolean sessionVisible;

    private Settings(Map<String, String> app, Map<String, String> query, long queryId, int version, boolean known,
            boolean sessionVisible) {
        this.app = app;
        this.query = query;
        this.queryId = queryId;
        this.version = version;
        this.known = known;
        this.sessionVisible = sessionVisible;
    }

    /**
     * The application's settings; {@code known} is false when the snapshot has no environment.
     * A query's session settings are visible in an event log (and a snapshot that kept some),
     * never over REST.
     */
    static Settings ofApp(AppContext ctx) {
        var s = ctx.snapshot();
        boolean sessionVisible = s.source().kind() == SourceKind.EVENTLOG
                || s.sqlExecutions().stream().anyMatch(q -> !q.modifiedConfigs().isEmpty());
        Map<String, String> properties = s.environment().sparkProperties();
        return new Settings(properties, Map.of(), -1, ctx.sparkVersion(), !properties.isEmpty(), sessionVisible);
    }

    /**
     * The settings an application set itself, over Spark's defaults for {@code sparkVersion}
     * ("4.0.1"; empty: no defaults): what a rule test case writes under {@code settings:}.
     */
    public static Settings ofApp(Map<String, String> set, String sparkVersion) {
        return new Settings(Map.copyOf(set), Map.of(), -1, AppContext.versionNumber(sparkVersion), true, true);
    }

    /** The same, with a query's own session settings over them. */
    Settings forQuery(SqlExecution q) {
        return q.modifiedConfigs().isEmpty() ? this
                : new Settings(app, q.modifiedConfigs(), q.id(), version, known, sessionVisible);
    }

    /**
     * True for a setting a session can change on its own ({@code spark.conf.set}) where the
     * session's values are not visible: its value here may not be the query's.
     */
    private boolean uncertain(String key) {
        return !sessionVisible && key.startsWith("spark.sql.");
    }

    /** True when the snapshot has the application's configuration at all. */
    boolean known() {
        return known;
    }

    /** True when a query's settings differ from the application's here. */
    boolean queryLevel() {
        return !query.isEmpty();
    }

    /**
     * A setting for a reason, with the value as sparkdoc reads it and its origin where known:
     * {@code spark.sql.…ThresholdInBytes = 256.0 MiB (Spark 4.0's default)}.
     */
    public String shown(String key, String value) {
        return key + " = " + value + get(key).map(s -> " (" + s.origin() + ")").orElse("");
    }

    /** Whether the application's Spark version has the setting at all (see {@link SettingVersions}). */
    @Override
    public boolean exists(String key) {
        return SettingVersions.builtIn().existsIn(key, version);
    }

    /** The value in force and its origin; empty when nothing says (no environment, an unknown key or version). */
    @Override
    public Optional<Setting> get(String key) {
        if (!known) {
            return Optional.empty();
        }
        String v = query.get(key);
        if (v != null) {
            return Optional.of(new Setting(key, v.strip(), "set in query " + queryId));
        }
        String caveat = uncertain(key) ? "; a session's own value would not show over REST" : "";
        v = app.get(key);
        if (v != null) {
            return Optional.of(new Setting(key, v.strip(), "set by the app" + caveat));
        }
        return SparkDefaults.builtIn().at(key, version).map(d -> new Setting(key, d.value(),
                (version == 0 ? "Spark's default" : "Spark " + version / 100 + "." + version % 100 + "'s default") + caveat));
    }

    /** The value the query or the application set itself, without Spark's default: where it matters who chose it. */
    Optional<Setting> own(String key) {
        return get(key).filter(s -> query.containsKey(key) || app.containsKey(key));
    }

    /**
     * What the application ran with: the value in force, else Spark's default as the defaults table
     * cites it for the app's version (also when the snapshot has no environment: an application that
     * set nothing ran with Spark's defaults). Only for keys the table cites, so that a default is
     * written once, with its source; before a key's first version, its first default.
     */
    private String ranWith(String key) {
        return get(key).map(Setting::value).orElseGet(() -> cited(key).value());
    }

    private static SparkDefaults.Entry cited(String key, int version) {
        SparkDefaults defaults = SparkDefaults.builtIn();
        return defaults.at(key, version).or(() -> defaults.first(key)).orElseThrow(() -> new IllegalArgumentException(
                key + " has no default in config/spark-defaults.tsv: add it there with its source"));
    }

    private SparkDefaults.Entry cited(String key) {
        return cited(key, version);
    }

    /** A true/false setting the application ran with (see {@link #ranWith}). */
    boolean bool(String key) {
        return ranWith(key).equalsIgnoreCase("true");
    }

    /**
     * A size the application ran with in bytes, a bare number in the key's own unit (MiB for
     * {@code spark.executor.memory}); -1 stays -1 (off); an unreadable value reads as the default.
     */
    long bytes(String key) {
        char unit = SparkDefaults.builtIn().kind(key) == SparkDefaults.Kind.MIB ? 'm' : 'b';
        String v = ranWith(key);
        if (v.startsWith("-")) {
            return -1;
        }
        long read = SparkSizes.parse(v, unit);
        return read >= 0 ? read : SparkSizes.parse(cited(key).value(), unit);
    }

    /** A whole number the application ran with; an unreadable value reads as the default. */
    long integer(String key) {
        try {
            return Long.parseLong(ranWith(key));
        } catch (NumberFormatException e) {
            return Long.parseLong(cited(key).value());
        }
    }

    /** A number the application ran with; an unreadable value reads as the default. */
    double number(String key) {
        try {
            return Double.parseDouble(ranWith(key));
        } catch (NumberFormatException e) {
            return Double.parseDouble(cited(key).value());
        }
    }

    /**
     * {@code spark.executor.pyspark.memory} in bytes (a bare number is MiB); 0 when unset: the key
     * has no default (config PYSPARK_EXECUTOR_MEMORY is optional), and unset Spark limits Python by nothing.
     */
    long pysparkMemory() {
        return get("spark.executor.pyspark.memory").map(s -> SparkSizes.parse(s.value(), 'm')).filter(v -> v >= 0).orElse(0L);
    }

    /** A true/false setting in force; {@code fallback} when nothing says. */
    boolean bool(String key, boolean fallback) {
        return get(key).map(s -> s.value().equalsIgnoreCase("true")).orElse(fallback);
    }

    /** A size setting in force in bytes (a bare number is bytes); -1 stays -1 (off); {@code fallback} when nothing says or it does not read. */
    long bytes(String key, long fallback) {
        return get(key).map(s -> s.value().startsWith("-") ? -1 : SparkSizes.parse(s.value(), 'b'))
                .filter(v -> v >= -1).orElse(fallback);
    }

    /** A whole-number setting in force (executor counts, cores); empty when nothing says or it does not read. */
    java.util.OptionalLong whole(String key) {
        try {
            return get(key).map(s -> java.util.OptionalLong.of(Long.parseLong(s.value().strip()))).orElse(java.util.OptionalLong.empty());
        } catch (NumberFormatException e) {
            return java.util.OptionalLong.empty();
        }
    }

    /** A numeric setting in force; {@code fallback} when nothing says or it does not read. */
    double number(String key, double fallback) {
        try {
            return get(key).map(s -> Double.parseDouble(s.value())).orElse(fallback);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }

    /**
     * The setting in force when it surely already has {@code proposed}'s value, read as the key's
     * kind (10m = 10485760); never a session setting REST cannot show.
     */
    @Override
    public Optional<Setting> holding(String key, String proposed) {
        return uncertain(key) ? Optional.empty() : get(key).filter(s -> same(SparkDefaults.builtIn().kind(key), s.value(), proposed));
    }

    @Override
    public Optional<Setting> beyond(String key, String proposed) {
        SparkDefaults.Kind kind = SparkDefaults.builtIn().kind(key);
        if (uncertain(key) || kind == SparkDefaults.Kind.BOOL || kind == SparkDefaults.Kind.TEXT) {
            return Optional.empty();
        }
        Optional<BigDecimal> from = SparkDefaults.builtIn().at(key, version).flatMap(d -> number(kind, d.value()));
        Optional<BigDecimal> to = number(kind, proposed);
        Optional<Setting> now = get(key);
        Optional<BigDecimal> at = now.flatMap(s -> number(kind, s.value()));
        if (from.isEmpty() || to.isEmpty() || at.isEmpty()) {
            return Optional.empty();
        }
        int direction = to.get().compareTo(from.get());
        // a negative value is a switch (-1: off), not a point on the scale
        boolean past = direction != 0 && at.get().signum() >= 0 && at.get().compareTo(to.get()) * direction > 0;
        return past ? now : Optional.empty();
    }

    private static Optional<BigDecimal> number(SparkDefaults.Kind kind, String value) {
        return canonical(kind, value).flatMap(c -> {
            try {
                return Optional.of(new BigDecimal(c));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        });
    }

    static boolean same(SparkDefaults.Kind kind, String a, String b) {
        Optional<String> x = canonical(kind, a);
        Optional<String> y = canonical(kind, b);
        if (x.isPresent() && y.isPresent()) {
            return x.get().equals(y.get());
        }
        return a.strip().equalsIgnoreCase(b.strip());
    }

    /** True when the value reads as the kind (a size as a size, …), so it compares as one. */
    static boolean reads(SparkDefaults.Kind kind, String value) {
        return canonical(kind, value).isPresent();
    }

    /** A value as one comparable string; empty when it does not read as the kind. */
    private static Optional<String> canonical(SparkDefaults.Kind kind, String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return switch (kind) {
            case BOOL -> v.equals("true") || v.equals("false") ? Optional.of(v) : Optional.empty();
            case INT, DOUBLE -> decimal(v);
            case BYTES -> scaled(v, "b", SIZE_UNITS);
            case MIB -> scaled(v, "m", SIZE_UNITS);
            case MS -> scaled(v, "ms", TIME_UNITS);
            case S -> scaled(v, "s", TIME_UNITS);
            case TEXT -> Optional.of(v);
        };
    }

    private static Optional<String> decimal(String v) {
        try {
            return Optional.of(new BigDecimal(v).stripTrailingZeros().toPlainString());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static final Map<String, Long> SIZE_UNITS = Map.ofEntries(Map.entry("b", 1L), Map.entry("k", 1L << 10),
            Map.entry("kb", 1L << 10), Map.entry("m", 1L << 20), Map.entry("mb", 1L << 20), Map.entry("g", 1L << 30),
            Map.entry("gb", 1L << 30), Map.entry("t", 1L << 40), Map.entry("tb", 1L << 40));
    private static final Map<String, Long> TIME_UNITS = Map.ofEntries(Map.entry("us", 0L), Map.entry("ms", 1L),
            Map.entry("s", 1_000L), Map.entry("m", 60_000L), Map.entry("min", 60_000L), Map.entry("h", 3_600_000L),
            Map.entry("d", 86_400_000L));

    /** Spark's size or time strings ("10m", "60s", a bare number in the key's own unit) in the smallest unit. */
    private static Optional<String> scaled(String v, String bareUnit, Map<String, Long> units) {
        Matcher m = NUMBER_UNIT.matcher(v);
        if (!m.matches()) {
            return Optional.empty();
        }
        Long mult = units.get(m.group(2).isEmpty() ? bareUnit : m.group(2));
        if (mult == null) {
            return Optional.empty();
        }
        BigDecimal n = new BigDecimal(m.group(1));
        // a negative value (-1: broadcast joins off) is a switch, not a size
        BigDecimal scaled = n.signum() < 0 ? n : mult == 0 ? n.movePointLeft(3) : n.multiply(BigDecimal.valueOf(mult));
        return Optional.of(scaled.stripTrailingZeros().toPlainString());
    }
}
