package dev.sparkdoc.cli;

import dev.sparkdoc.model.ProfileDump;
import dev.sparkdoc.source.profile.ProfileDumpReader;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** {@code --profile-dump DIR}: a PySpark profiler dump beside the application, joined to its UDF findings. */
final class ProfileDumpOption {

    @Option(names = "--profile-dump", paramLabel = "DIR",
            description = "a PySpark profiler dump folder (sc.dump_profiles on 3.x, spark.profile.dump on 4.x):"
                    + " each UDF's top functions by time, and the memory lines that grew, shown with its findings")
    Path folder;

    Optional<ProfileDump> read() {
        return Optional.ofNullable(folder).map(ProfileDumpReader::read);
    }
}
