package dev.sparkdoc.proc;

import java.nio.file.Files;
import java.nio.file.Path;

/** Reads every visible process once. */
public interface ProcessSampler {

    ProcessSample sample();

    /** {@code /proc} on Linux (fast, exact); {@code ps} elsewhere (macOS, BSD). */
    static ProcessSampler forThisMachine() {
        Path proc = Path.of("/proc");
        if (Files.isReadable(proc.resolve("self/stat")) && Files.isReadable(proc.resolve("stat"))) {
            return new ProcFsSampler(proc);
        }
        return new PsSampler();
    }
}
