package dev.sparkdoc.cli;

import dev.sparkdoc.userconfig.ConfigException;

/** The user asked for something that cannot be: exit code 2. */
final class UsageException extends RuntimeException {

    private final boolean configMistake;

    UsageException(String message) {
        this(message, false);
    }

    private UsageException(String message, boolean configMistake) {
        super(message);
        this.configMistake = configMistake;
    }

    /**
     * A mistake in the config file, in the reader's words: "FILE:LINE: target 'prod' password: the
     * config never holds a password: give {env: VARIABLE}". The reader never quotes a secret it
     * refuses, and its "KEY: problem" shape is no secret pair for {@link ErrorHandler} to hide.
     */
    static UsageException of(ConfigException e) {
        return new UsageException(e.getMessage(), true);
    }

    boolean configMistake() {
        return configMistake;
    }
}
