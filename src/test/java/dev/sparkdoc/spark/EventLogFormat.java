package dev.sparkdoc.spark;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * How a {@link LocalSpark} application writes its event log.
 *
 * <p>Spark 4.0 changed the defaults to rolling, zstd-compressed logs
 * ({@code spark.eventLog.rolling.enabled=true}, {@code spark.eventLog.compress=true}), so every
 * setting is written out explicitly here: a test must get the layout it asked for.
 *
 * @param codec           compression codec (lz4, snappy, zstd, lzf); empty for an uncompressed log
 * @param rolling         a rolling {@code eventlog_v2_<appId>/} folder instead of one file
 * @param rollingMaxBytes size at which a rolling log starts its next {@code events_N_…} file;
 *                        Spark refuses values below 10 MiB
 */
public record EventLogFormat(Optional<String> codec, boolean rolling, long rollingMaxBytes) {

    /** Spark's lower bound for {@code spark.eventLog.rolling.maxFileSize}. */
    public static final long MIN_ROLLING_BYTES = 10L * 1024 * 1024;

    public EventLogFormat {
        if (rolling && rollingMaxBytes < MIN_ROLLING_BYTES) {
            throw new IllegalArgumentException("Spark needs spark.eventLog.rolling.maxFileSize >= 10m, got " + rollingMaxBytes);
        }
    }

    /** One uncompressed JSON-lines file, the Spark 3.x default. */
    public static EventLogFormat plain() {
        return new EventLogFormat(Optional.empty(), false, MIN_ROLLING_BYTES);
    }

    /** One file compressed with {@code codec} ({@code <appId>.lz4}, {@code .snappy}, …). */
    public static EventLogFormat singleFile(String codec) {
        return new EventLogFormat(Optional.of(codec), false, MIN_ROLLING_BYTES);
    }

    /** The Spark 4.0 default: a rolling folder of zstd files (128 MiB each by default). */
    public static EventLogFormat spark4Default() {
        return new EventLogFormat(Optional.of("zstd"), true, 128L * 1024 * 1024);
    }

    Map<String, String> sparkConf() {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("spark.eventLog.compress", Boolean.toString(codec.isPresent()));
        codec.ifPresent(c -> conf.put("spark.eventLog.compression.codec", c));
        conf.put("spark.eventLog.rolling.enabled", Boolean.toString(rolling));
        conf.put("spark.eventLog.rolling.maxFileSize", Long.toString(rollingMaxBytes));
        return conf;
    }

    /**
     * The event-log file or folder Spark writes for {@code appId}, as named once the
     * application has stopped (Spark's {@code SingleEventLogFileWriter} and
     * {@code RollingEventLogFilesWriter}).
     */
    String finalName(String appId) {
        if (rolling) {
            return "eventlog_v2_" + appId;
        }
        return appId + codec.map(c -> "." + c).orElse("");
    }
}
