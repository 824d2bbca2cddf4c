package dev.sparkdoc.userconfig;

/** A mistake in the user's config file, or a secret it names that cannot be had: the message says which and the fix. */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }
}
