package dev.sparkdoc.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A port nothing listens on now, for a server a test starts: never assume 4040 is free. */
public final class FreePort {

    private FreePort() {
    }

    public static int onLoopback() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
