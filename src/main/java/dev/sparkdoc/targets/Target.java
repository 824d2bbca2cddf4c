package dev.sparkdoc.targets;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/** What the user pointed sparkdoc at, parsed once. */
public sealed interface Target {

    /** The target as the user may see it again: no credentials. */
    String display();

    /**
     * One HTTP endpoint: a driver UI, a History Server or a proxy (YARN {@code /proxy/<app>/}).
     *
     * @param baseUrl the URL below which {@code api/v1/} lives, always ending in "/"
     */
    record Http(URI baseUrl) implements Target {
        @Override
        public String display() {
            return TargetParser.withoutUserInfo(baseUrl).toString();
        }
    }

    /** A host without a port: the driver UIs on 4040–4045 (several drivers take successive ports). */
    record HostScan(String host, List<Integer> ports) implements Target {
        public HostScan {
            ports = List.copyOf(ports);
        }

        @Override
        public String display() {
            return host + ":" + ports.get(0) + "-" + ports.get(ports.size() - 1);
        }
    }

    /** An event-log file (plain or compressed, maybe .inprogress) or a rolling {@code eventlog_v2_*} folder. */
    record EventLog(Path path) implements Target {
        @Override
        public String display() {
            return path.toString();
        }
    }

    /** A snapshot written by {@code sparkdoc snapshot}. */
    record SnapshotFile(Path path) implements Target {
        @Override
        public String display() {
            return path.toString();
        }
    }
}
