package dev.sparkdoc.proc;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Which process listens on which TCP port, read as {@code ss -lntp} does: LISTEN sockets and
 * their inodes from {@code /proc/net/tcp} and {@code tcp6}, then the {@code socket:[inode]} links
 * under {@code /proc/<pid>/fd}. Processes of other users cannot be seen without root; they are
 * simply missing.
 */
public final class ListeningSockets {

    /** st column of /proc/net/tcp: TCP_LISTEN in the kernel's enum. */
    private static final String LISTEN = "0A";

    private ListeningSockets() {
    }

    /** Port → pid of every listening TCP socket whose owner we can see; empty where there is no /proc. */
    public static Map<Integer, Long> scan(Path proc) {
        Map<Long, Integer> portByInode = new HashMap<>();
        for (String table : new String[] {"net/tcp", "net/tcp6"}) {
            try {
                portByInode.putAll(parseListening(Files.readString(proc.resolve(table))));
            } catch (IOException | RuntimeException e) {
                // no IPv6, or no /proc at all
            }
        }
        Map<Integer, Long> pidByPort = new HashMap<>();
        if (portByInode.isEmpty()) {
            return pidByPort;
        }
        try (DirectoryStream<Path> pids = Files.newDirectoryStream(proc, p -> p.getFileName().toString().matches("\\d+"))) {
            for (Path dir : pids) {
                long pid = Long.parseLong(dir.getFileName().toString());
                socketInodes(dir.resolve("fd")).forEach(inode -> {
                    Integer port = portByInode.get(inode);
                    if (port != null) {
                        pidByPort.putIfAbsent(port, pid);
                    }
                });
            }
        } catch (IOException e) {
            return pidByPort;
        }
        return pidByPort;
    }

    /** inode → local port of the LISTEN rows of a {@code /proc/net/tcp[6]} table. */
    static Map<Long, Integer> parseListening(String table) {
        Map<Long, Integer> out = new HashMap<>();
        String[] lines = table.split("\n");
        for (int i = 1; i < lines.length; i++) {
            String[] f = lines[i].trim().split("\\s+");
            if (f.length < 10 || !LISTEN.equals(f[3])) {
                continue;
            }
            String local = f[1];
            int port = Integer.parseInt(local.substring(local.lastIndexOf(':') + 1), 16);
            long inode = Long.parseLong(f[9]);
            if (inode != 0) {
                out.put(inode, port);
            }
        }
        return out;
    }

    private static Stream<Long> socketInodes(Path fdDir) {
        Stream.Builder<Long> out = Stream.builder();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(fdDir)) {
            for (Path fd : fds) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        out.add(Long.parseLong(target.substring(8, target.length() - 1)));
                    }
                } catch (IOException | RuntimeException e) {
                    // the fd closed while we looked
                }
            }
        } catch (IOException | RuntimeException e) {
            // another user's process, or it ended
        }
        return out.build();
    }
}
