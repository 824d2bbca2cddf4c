package dev.sparkdoc.signals;

import dev.sparkdoc.facts.InForce;
import dev.sparkdoc.facts.Setting;
import java.util.Optional;

/**
 * The settings in force, with {@code spark.driver.memory} as the driver's heap really was where the
 * evidence says the setting did not size it (a driver started with {@code java -Xmx512m}, a notebook,
 * a test runner): a remedy raising the driver's memory to Spark's 1g default is then a real change,
 * not "already so".
 */
final class MeasuredDriverHeap implements InForce {

    private static final String KEY = "spark.driver.memory";

    private final Settings settings;
    private final DriverHeapSize heap;

    MeasuredDriverHeap(Settings settings, DriverHeapSize heap) {
        this.settings = settings;
        this.heap = heap;
    }

    @Override
    public Optional<Setting> get(String key) {
        return key.equals(KEY) ? Optional.of(new Setting(KEY, Math.round(heap.bytes() / 1048576.0) + "m", heap.source())) : settings.get(key);
    }

    @Override
    public Optional<Setting> holding(String key, String proposed) {
        // the proposals are made from the measured heap (config.driver.memory.larger): never the same size
        return key.equals(KEY) ? Optional.empty() : settings.holding(key, proposed);
    }

    @Override
    public Optional<Setting> beyond(String key, String proposed) {
        return key.equals(KEY) ? Optional.empty() : settings.beyond(key, proposed);
    }

    @Override
    public boolean exists(String key) {
        return settings.exists(key);
    }
}
