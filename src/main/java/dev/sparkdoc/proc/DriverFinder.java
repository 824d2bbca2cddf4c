package dev.sparkdoc.proc;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.HashMap;
import java.util.Locale;
import java.util.Optional;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Finds a driver on this machine from the port its UI (or RPC endpoint) listens on: the way to
 * tie {@code sparkdoc attach localhost:4040} to a pid when the driver's command line says nothing
 * Spark-like (a notebook, an IDE, a test JVM).
 */
public final class DriverFinder {

    private static final Path PROC = Path.of("/proc");

    private DriverFinder() {
    }

    /** The pid listening on {@code port}; empty when no visible process does (or there is no /proc). */
    public static OptionalLong byListeningPort(int port) {
        return byListeningPort(ListeningSockets.scan(PROC), port);
    }

    static OptionalLong byListeningPort(Map<Integer, Long> pidByPort, int port) {
        Long pid = pidByPort.get(port);
        return pid == null ? OptionalLong.empty() : OptionalLong.of(pid);
    }

    /** Port → pid for every visible listening socket, for {@link DriverHints}. */
    public static Map<Integer, Long> listeningPorts() {
        return ListeningSockets.scan(PROC);
    }

    /**
     * Hints for classifying: every listening port's owner, and when the user attached to
     * {@code host:port} on this machine, the process behind that port as the driver of {@code appId}.
     */
    public static DriverHints hints(Optional<String> attachedHost, int attachedPort, Optional<String> appId) {
        Map<Integer, Long> ports = listeningPorts();
        Map<Long, String> drivers = new HashMap<>();
        if (attachedHost.isPresent() && appId.isPresent() && isThisMachine(attachedHost.get())) {
            byListeningPort(ports, attachedPort).ifPresent(pid -> drivers.put(pid, appId.get()));
        }
        return new DriverHints(drivers, ports);
    }

    /** localhost, a loopback or wildcard address, or an address of one of this machine's interfaces. */
    public static boolean isThisMachine(String host) {
        String h = host.toLowerCase(Locale.ROOT).replaceAll("^\\[|\\]$", "");
        if (h.equals("localhost") || h.equals("0.0.0.0") || h.equals("::")) {
            return true;
        }
        try {
            InetAddress address = InetAddress.getByName(h);
            if (address.isLoopbackAddress() || address.isAnyLocalAddress()) {
                return true;
            }
            for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (Collections.list(nif.getInetAddresses()).contains(address)) {
                    return true;
                }
            }
        } catch (UnknownHostException | SocketException e) {
            return false;
        }
        return false;
    }
}
