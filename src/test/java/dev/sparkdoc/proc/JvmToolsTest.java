package dev.sparkdoc.proc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.sparkdoc.model.HeapHistogram;
import org.junit.jupiter.api.Test;

class JvmToolsTest {

    /** The head and tail of a real 'jcmd PID GC.class_histogram' (JDK 17.0.15). */
    private static final String REAL = """
            25924:
             num     #instances         #bytes  class name (module)
            -------------------------------------------------------
               1:        166990       24236400  [B (java.base@17.0.15)
               2:        149244        3581856  java.lang.String (java.base@17.0.15)
               3:         18250        1145712  [Ljava.util.HashMap$Node; (java.base@17.0.15)
               4:            40           1280  com.acme.Row
            Total        688811       28129048
            """;

    @Test
    void aHistogramIsReadWithItsClassesAndTotals() {
        HeapHistogram h = JvmTools.parseHistogram(25924, REAL);

        assertThat(h.entries()).hasSize(4);
        assertThat(h.entries().get(0)).isEqualTo(new HeapHistogram.Entry("[B", 166990, 24236400));
        assertThat(h.entries().get(3).className()).isEqualTo("com.acme.Row");
        assertThat(h.totalInstances()).isEqualTo(688811);
        assertThat(h.totalBytes()).isEqualTo(28129048);
    }

    @Test
    void anAnswerWithoutAHistogramSaysWhatJcmdSaid() {
        assertThatThrownBy(() -> JvmTools.parseHistogram(7, "7:\ncom.sun.tools.attach.AttachNotSupportedException: Unable to open socket file\n"))
                .hasMessage("jcmd gave no histogram for pid 7: com.sun.tools.attach.AttachNotSupportedException: Unable to open socket file");
    }

    @Test
    void aProcessThatIsNotAJvmIsRefusedBeforeAnySignalReachesIt() throws Exception {
        // the attach mechanism's SIGQUIT would kill it: it must still be alive afterwards
        Process sleep = new ProcessBuilder("sleep", "60").start();
        try {
            assertThatThrownBy(() -> JvmTools.histogram(sleep.pid())).isInstanceOf(JvmTools.JvmToolException.class)
                    .hasMessage("pid " + sleep.pid() + " is not a Java process (see 'sparkdoc ps' for the driver's)");
            assertThat(sleep.isAlive()).isTrue();
        } finally {
            sleep.destroy();
        }
        assertThatThrownBy(() -> JvmTools.threadDump(Long.MAX_VALUE)).hasMessageStartingWith("no process " + Long.MAX_VALUE);
    }
}
