package dev.sparkdoc.tui;

import dev.sparkdoc.model.HeapHistogram;
import dev.sparkdoc.proc.JvmTools;
import java.util.Optional;

/**
 * How the live view reaches a driver JVM's heap: a check that sends no signal, and the
 * histogram itself (a full GC: the JVM pauses). Tests put in their own to count the reads.
 */
public interface HeapAccess {

    /** Why {@code pid} cannot be read from here, or empty when it can; sends no signal. */
    Optional<String> whyNot(long pid);

    /**
     * The live objects by class; bounded in time and output.
     *
     * @throws JvmTools.JvmToolException with the one line that says why it could not be read
     */
    HeapHistogram histogram(long pid);

    /** The JDK's jcmd, which refuses anything but a HotSpot JVM of this user before it signals. */
    HeapAccess JCMD = new HeapAccess() {
        @Override
        public Optional<String> whyNot(long pid) {
            return JvmTools.whyNotAttachable(pid);
        }

        @Override
        public HeapHistogram histogram(long pid) {
            return JvmTools.histogram(pid);
        }
    };
}
