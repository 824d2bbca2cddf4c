package dev.sparkdoc.proc;

import java.util.Map;

/**
 * What is known about drivers beyond command lines.
 *
 * @param appIdByDriverPid  drivers found another way (the socket of an attached UI port) and their app
 * @param pidByListeningPort which local process listens on each TCP port: links an executor's
 *                           {@code --driver-url} to a driver on this machine
 */
public record DriverHints(Map<Long, String> appIdByDriverPid, Map<Integer, Long> pidByListeningPort) {

    public static final DriverHints NONE = new DriverHints(Map.of(), Map.of());

    public DriverHints {
        appIdByDriverPid = Map.copyOf(appIdByDriverPid);
        pidByListeningPort = Map.copyOf(pidByListeningPort);
    }
}
