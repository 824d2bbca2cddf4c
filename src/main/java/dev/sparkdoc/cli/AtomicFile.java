package dev.sparkdoc.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The file of {@code -o FILE}, replaced whole: the data goes to a temporary file in the same
 * folder, is forced to disk, then renamed over the target, so the target holds the old content or
 * the new, never half; on a failure the temporary file is removed. Only a regular file, or a new
 * one in an existing folder, is a target: a rename over {@code /dev/full}, {@code /dev/null} or a
 * FIFO would replace the device node itself with a regular file (as root it can), and a missing
 * folder is more likely a typo than a wish to create it.
 */
final class AtomicFile implements Destination {

    private static final String USE_STDOUT = "give a regular file, or '-o -' for standard output";

    private final String shown;
    private final Path target;

    private AtomicFile(String shown, Path target) {
        this.shown = shown;
        this.target = target;
    }

    /**
     * The target, judged by its attributes only: opening a FIFO to look at it would block until
     * someone reads it. A symbolic link is followed, so the file it names is replaced, not the link.
     */
    static AtomicFile at(Path given) {
        String shown = given.toString();
        Path absolute = given.toAbsolutePath();
        Optional<BasicFileAttributes> existing = attributes(shown, absolute);
        Path target = absolute;
        if (existing.isPresent()) {
            BasicFileAttributes a = existing.get();
            if (a.isDirectory()) {
                throw OutputException.refused(shown, "it is a folder", "name a file inside it");
            }
            if (!a.isRegularFile()) {
                throw OutputException.refused(shown, "it is " + specialKind(absolute) + ", not a regular file", USE_STDOUT);
            }
            if (!writable(absolute)) {
                throw OutputException.refused(shown, "the file is read-only", "make it writable, or choose another file");
            }
            target = realPath(shown, absolute);
        }
        Path folder = target.getParent();
        if (!Files.isDirectory(folder)) {
            String reason = Files.exists(folder) ? folder + " is not a folder" : "folder " + folder + " does not exist";
            throw OutputException.refused(shown, reason, "create the folder first, or choose another path");
        }
        if (!writable(folder)) {
            throw OutputException.refused(shown, "folder " + folder + " is not writable", "choose a folder you may write to");
        }
        return new AtomicFile(shown, target);
    }

    /**
     * Writable by this user, and not made read-only by its owner: root may write any file, but a
     * file or folder without a single write bit was marked so on purpose, and is left alone.
     */
    private static boolean writable(Path p) {
        if (!Files.isWritable(p)) {
            return false;
        }
        try {
            Set<java.nio.file.attribute.PosixFilePermission> mode = Files.getPosixFilePermissions(p);
            return mode.contains(java.nio.file.attribute.PosixFilePermission.OWNER_WRITE)
                    || mode.contains(java.nio.file.attribute.PosixFilePermission.GROUP_WRITE)
                    || mode.contains(java.nio.file.attribute.PosixFilePermission.OTHERS_WRITE);
        } catch (UnsupportedOperationException | java.io.IOException e) {
            return true;   // no POSIX modes here (or unreadable): the access check above is all there is
        }
    }

    @Override
    public boolean write(Body body) {
        Path temporary = target.resolveSibling("." + target.getFileName() + "."
                + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
        try {
            // CREATE_NEW: never follow a link planted under the temporary name
            try (FileChannel channel = FileChannel.open(temporary, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE),
                    modeOf(target))) {
                FailureRecordingStream recorder = new FailureRecordingStream(
                        new BufferedOutputStream(Channels.newOutputStream(channel), 64 * 1024));
                PrintStream out = new PrintStream(recorder, false, StandardCharsets.UTF_8);
                body.printTo(out);
                out.flush();
                if (recorder.failure().isPresent()) {
                    throw recorder.failure().get();
                }
                // without it, a crash soon after the rename can leave an empty file under the target's name
                channel.force(true);
            }
            Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (IOException e) {
            throw OutputException.failed(shown, e);
        } finally {
            removeQuietly(temporary);
        }
    }

    /**
     * A replaced file keeps its mode, as an editor's save does; a new one is readable by its owner
     * only, as Spark's own event logs are kept from other users: a snapshot holds the application's
     * SQL text, hosts and settings, redacted but not for everyone's eyes.
     */
    private static FileAttribute<?>[] modeOf(Path target) {
        Set<PosixFilePermission> mode = PosixFilePermissions.fromString("rw-------");
        try {
            if (Files.exists(target)) {
                mode = Files.getPosixFilePermissions(target);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // keep the private default
        }
        try {
            return new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(mode)};
        } catch (UnsupportedOperationException notPosix) {
            return new FileAttribute<?>[0];
        }
    }

    /** Empty when nothing is there, also when a part of the path is a file ("x.json/out"). */
    private static Optional<BasicFileAttributes> attributes(String shown, Path path) {
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Files.readAttributes(path, BasicFileAttributes.class));
        } catch (IOException e) {
            throw OutputException.failed(shown, e);
        }
    }

    private static Path realPath(String shown, Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            throw OutputException.failed(shown, e);
        }
    }

    /** The kind of a special file, from the file-type bits of st_mode (inode(7)). */
    private static String specialKind(Path path) {
        try {
            int type = (Integer) Files.getAttribute(path, "unix:mode") & 0170000;
            return switch (type) {
                case 0020000 -> "a character device";
                case 0060000 -> "a block device";
                case 0010000 -> "a FIFO";
                case 0140000 -> "a socket";
                default -> "a special file";
            };
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return "a special file";
        }
    }

    private static void removeQuietly(Path temporary) {
        try {
            Files.deleteIfExists(temporary);
        } catch (IOException e) {
            // the write has already succeeded or failed; a stray temporary file is all that is left
        }
    }
}
