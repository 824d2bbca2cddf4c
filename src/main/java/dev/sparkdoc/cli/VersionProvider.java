package dev.sparkdoc.cli;

import dev.sparkdoc.json.ToolVersion;
import picocli.CommandLine.IVersionProvider;

/** The version Maven wrote into {@code sparkdoc-version.properties} at build time. */
public final class VersionProvider implements IVersionProvider {

    public static String version() {
        return ToolVersion.of();
    }

    @Override
    public String[] getVersion() {
        return new String[] {"sparkdoc " + version(), "Java " + System.getProperty("java.version")};
    }
}
