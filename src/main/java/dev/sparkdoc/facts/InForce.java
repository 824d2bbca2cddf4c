package dev.sparkdoc.facts;

import java.util.Optional;

/**
 * The configuration in force where a scope's facts apply, as a finding's remedies are checked
 * against it. Computed by signals ({@code Settings}, the one reader of Spark settings); the facts
 * only carry it.
 */
public interface InForce {

    /** For scopes that know nothing of the application: every lookup misses, a scope falls back to its parent's. */
    InForce NONE = new InForce() {
        @Override
        public Optional<Setting> get(String key) {
            return Optional.empty();
        }

        @Override
        public Optional<Setting> holding(String key, String proposed) {
            return Optional.empty();
        }

        @Override
        public boolean isNone() {
            return true;
        }
    };

    /** The setting's value in force here and where it came from; empty when neither set nor defaulted. */
    Optional<Setting> get(String key);

    /** The setting in force when it already has the {@code proposed} value (a remedy that would change nothing). */
    Optional<Setting> holding(String key, String proposed);

    /**
     * The setting in force when it already lies past {@code proposed}, on the side the proposal moves
     * away from Spark's default (10 retries proposed where the app runs 100): a fix that would undo
     * what the app already went further with. Empty when the key is not numeric or nothing is known.
     */
    default Optional<Setting> beyond(String key, String proposed) {
        return Optional.empty();
    }

    /** Whether the application's Spark version has the setting at all: a fix never proposes one it lacks. */
    default boolean exists(String key) {
        return true;
    }

    /** True for the "knows nothing" configuration, which falls back to the parent scope's. */
    default boolean isNone() {
        return false;
    }
}
