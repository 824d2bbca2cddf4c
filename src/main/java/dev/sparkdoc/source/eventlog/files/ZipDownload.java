package dev.sparkdoc.source.eventlog.files;

import dev.sparkdoc.source.SourceException;
import dev.sparkdoc.source.Unreadable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The History Server's "Download" link ({@code /api/v1/applications/ID[/ATTEMPT]/logs}) gives a zip
 * holding the event-log file or the rolling {@code eventlog_v2_*} folder. It is read in place,
 * through the JDK's zip file system: the files inside are paths like any others.
 */
public final class ZipDownload implements AutoCloseable {

    private static final byte[] MAGIC = {'P', 'K', 3, 4};

    private final FileSystem zip;

    private ZipDownload(FileSystem zip) {
        this.zip = zip;
    }

    /** A regular file named .zip or starting with the zip magic "PK\3\4". */
    public static boolean isZip(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        if (EventLogFiles.name(path).toLowerCase(Locale.ROOT).endsWith(".zip")) {
            return true;
        }
        try (InputStream in = Files.newInputStream(path)) {
            return java.util.Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false; // the reader opens it again and says why it cannot
        }
    }

    public static ZipDownload open(Path path) {
        try {
            return new ZipDownload(FileSystems.newFileSystem(path));
        } catch (java.util.zip.ZipException | RuntimeException e) {
            throw corrupt(path, e);
        } catch (IOException e) {
            throw Unreadable.file(path, e);
        }
    }

    private static SourceException corrupt(Path path, Exception e) {
        String why = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage().lines().findFirst().orElse("");
        return new SourceException("Cannot read " + path + " as a zip archive (" + why
                + "): download it again from the History Server, or point at the event log itself", e);
    }

    /** The one event log the zip holds (a file or an eventlog_v2_* folder), named for the user by the zip. */
    public Path logInside(Path zipPath) {
        List<Path> entries;
        try (Stream<Path> s = Files.list(zip.getRootDirectories().iterator().next())) {
            // macOS' Archive Utility adds __MACOSX/ and ._ files to zips it re-packs
            entries = s.filter(p -> !EventLogFiles.name(p).startsWith(".") && !EventLogFiles.name(p).startsWith("__MACOSX"))
                    .sorted().toList();
        } catch (IOException | RuntimeException e) {
            throw corrupt(zipPath, e);
        }
        if (entries.size() != 1) {
            throw new SourceException("The zip " + zipPath + " holds " + (entries.isEmpty() ? "nothing"
                    : entries.size() + " entries") + ", not one event log: unzip it and point at the event log inside");
        }
        return entries.get(0);
    }

    @Override
    public void close() {
        try {
            zip.close();
        } catch (IOException ignored) {
            // read-only: nothing was written that closing could lose
        }
    }
}
