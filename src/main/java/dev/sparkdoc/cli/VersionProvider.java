package dev.sparkdoc.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code sparkdoc-version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {

    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/sparkdoc-version.properties")) {
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

    @Override
    public String[] getVersion() {
        return new String[] {"sparkdoc " + version(), "Java " + System.getProperty("java.version")};
    }
}
