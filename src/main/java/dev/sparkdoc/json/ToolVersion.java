package dev.sparkdoc.json;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version Maven wrote into {@code sparkdoc-version.properties} at build time: what
 * {@code sparkdoc --version} says and every JSON output's {@code tool.version}, and what a fleet
 * store's rows record as having read them.
 */
public final class ToolVersion {

    private ToolVersion() {
    }

    /** The build's version; "unknown" when the jar carries none (classes run from an IDE). */
    public static String of() {
        try (InputStream in = ToolVersion.class.getResourceAsStream("/sparkdoc-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }
}
