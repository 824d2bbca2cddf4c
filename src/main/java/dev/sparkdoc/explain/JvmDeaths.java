package dev.sparkdoc.explain;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Finds the lines of a driver log that say a JVM or its container died, with their time. */
public final class JvmDeaths {

    /** -XX:+ExitOnOutOfMemoryError / CrashOnOutOfMemoryError: the JVM's only words, no stack trace. */
    private static final Pattern EXIT_ON_OOM = Pattern.compile("Terminating due to (java\\.lang\\.OutOfMemoryError(?::.*)?)");
    private static final Pattern ABORT_ON_OOM = Pattern.compile("Aborting due to (java\\.lang\\.OutOfMemoryError(?::.*)?)");
    /** -XX:OnOutOfMemoryError="kill -9 %p": the JVM prints these two lines, then is killed. */
    private static final Pattern ON_OOM = Pattern.compile("#\\s*-XX:OnOutOfMemoryError=|#\\s*Executing .*kill");
    private static final Pattern CONTAINER = Pattern.compile(
            "(?i)Container killed by YARN for exceeding|OOMKilled|Container killed on request|Container (?:was )?preempted"
                    + "|running (?:beyond|over) (?:the )?(?:physical|virtual) memory limits|\\[lost node]"
                    + "|RECEIVED SIGNAL (?:TERM|KILL)|exit (?:code|status)(?: is|:)? ?-?\\d|exited with (?:exit )?code -?\\d");
    /** log4j's default "yy/MM/dd HH:mm:ss" and ISO "yyyy-MM-dd HH:mm:ss" at the start of a line. */
    private static final Pattern TIME = Pattern.compile(
            "^\\s*(?:\\[[^\\]]*]\\s*)?(\\d{2,4}[-/.]\\d{2}[-/.]\\d{2}[ T]\\d{2}:\\d{2}:\\d{2})");

    private JvmDeaths() {
    }

    public static List<JvmDeath> find(List<String> lines) {
        List<JvmDeath> out = new ArrayList<>();
        Optional<String> lastTime = Optional.empty();
        for (String line : lines) {
            Matcher t = TIME.matcher(line);
            if (t.find()) {
                lastTime = Optional.of(t.group(1));
            }
            death(line, lastTime).ifPresent(out::add);
        }
        return List.copyOf(out);
    }

    private static Optional<JvmDeath> death(String line, Optional<String> time) {
        Matcher oom = EXIT_ON_OOM.matcher(line);
        if (oom.find() || (oom = ABORT_ON_OOM.matcher(line)).find()) {
            return Optional.of(new JvmDeath("the JVM exited on " + shortName(oom.group(1))
                    + " without a stack trace (-XX:+ExitOnOutOfMemoryError)", true, Optional.empty(), time, line.strip()));
        }
        if (ON_OOM.matcher(line).find()) {
            return Optional.of(new JvmDeath("the JVM ran out of memory and -XX:OnOutOfMemoryError killed it", true,
                    Optional.empty(), time, line.strip()));
        }
        if (!CONTAINER.matcher(line).find()) {
            return Optional.empty();
        }
        Optional<Integer> code = ExitCodes.find(line);
        if (ExitCodes.namesNodeLoss(line)) {
            return Optional.of(new JvmDeath("the container was killed on request: preemption or a lost node, not memory"
                    + code.map(c -> " (" + ExitCodes.meaning(c) + ")").orElse(""), false, code, time, line.strip()));
        }
        if (ExitCodes.namesMemory(line)) {
            return Optional.of(new JvmDeath("the container was killed for exceeding its memory limit"
                    + code.map(c -> " (exit " + c + ")").orElse(""), true, code, time, line.strip()));
        }
        if (line.contains("SIGNAL TERM")) {
            return Optional.of(new JvmDeath(ExitCodes.meaning(143), false, Optional.of(143), time, line.strip()));
        }
        return code.filter(c -> c != 0)
                .map(c -> new JvmDeath(ExitCodes.meaning(c), ExitCodes.isMemory(c, line), code, time, line.strip()));
    }

    private static String shortName(String error) {
        return error.replace("java.lang.", "");
    }

    /** The death that explains most: the first one proving memory, else the last one. */
    public static Optional<JvmDeath> telling(List<JvmDeath> deaths) {
        return deaths.stream().filter(JvmDeath::memory).findFirst()
                .or(() -> deaths.isEmpty() ? Optional.empty() : Optional.of(deaths.get(deaths.size() - 1)));
    }
}
