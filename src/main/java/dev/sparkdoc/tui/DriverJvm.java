package dev.sparkdoc.tui;

import java.util.Optional;
import java.util.OptionalLong;

/**
 * The driver's JVM as the live view can reach it for a heap histogram: its pid on this machine
 * and, when it cannot be attached to (another user's, not a HotSpot JVM, no jcmd, not on this
 * machine at all), why. Decided off the UI thread with each process sample ({@link DriverJvmFeed}).
 */
public record DriverJvm(OptionalLong pid, Optional<String> whyNot) {

    public static DriverJvm none(String why) {
        return new DriverJvm(OptionalLong.empty(), Optional.of(why));
    }

    public static DriverJvm at(long pid, Optional<String> whyNot) {
        return new DriverJvm(OptionalLong.of(pid), whyNot);
    }

    /** True when a heap histogram can be asked for: a local JVM of this user that jcmd can reach. */
    public boolean attachable() {
        return pid.isPresent() && whyNot.isEmpty();
    }
}
