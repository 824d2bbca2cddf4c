package dev.sparkdoc.cli;

import dev.sparkdoc.model.HeapHistogram;
import dev.sparkdoc.proc.DriverFinder;
import dev.sparkdoc.proc.JvmTools;
import dev.sparkdoc.report.HeapText;
import dev.sparkdoc.redact.Redaction;
import dev.sparkdoc.targets.Target;
import dev.sparkdoc.targets.TargetParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "driver", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Look inside a driver JVM on this machine: its heap by class, or its thread dump.",
                "  sparkdoc driver heap [TARGET]      the top classes by bytes (a full GC: the JVM pauses)",
                "  sparkdoc driver threads [TARGET]   every thread's stack (a safepoint: a short pause)"},
        subcommands = {DriverCommand.Heap.class, DriverCommand.Threads.class})
final class DriverCommand extends GroupCommand {

    /** Which JVM, and the user's yes: shared by both subcommands. */
    static final class Which {
        @Parameters(index = "0", arity = "0..1", paramLabel = "TARGET", defaultValue = "localhost:4040",
                description = "the driver's UI on this machine, host:port (default: ${DEFAULT-VALUE}); its JVM is the one listening there")
        String target;

        @Option(names = "--pid", paramLabel = "PID", converter = NumberOptions.ProcessId.class, description = "the driver JVM's process id instead (see 'sparkdoc ps')")
        Long pid;

        @Option(names = "--yes", description = "do not ask before pausing the JVM (for scripts)")
        boolean yes;

        long pid() {
            if (pid != null) {
                return pid;
            }
            Target t = TargetParser.parse(target);
            if (!(t instanceof Target.Http http) || !DriverFinder.isThisMachine(http.baseUrl().getHost())) {
                throw new UsageException(target + " is not a driver UI on this machine: give its host:port here, or --pid PID (see 'sparkdoc ps')");
            }
            int port = http.baseUrl().getPort() < 0 ? 4040 : http.baseUrl().getPort();
            return DriverFinder.byListeningPort(port).orElseThrow(() -> new UsageException(
                    "no process on this machine listens on port " + port + ": is the driver running here? (see 'sparkdoc ps'), or give --pid PID"));
        }

        /** Asks on the terminal; without one, --yes is the answer. */
        boolean confirmed(long pid, String what) throws IOException {
            if (yes) {
                return true;
            }
            if (!StdinTerminal.is()) {
                throw new UsageException(what + " pauses the driver JVM (pid " + pid + "): run it at a terminal to confirm, or pass --yes");
            }
            System.err.print("sparkdoc: " + what + " pauses the driver JVM (pid " + pid + "), for a moment on a small heap"
                    + " and seconds on a large one. Go on? [y/N] ");
            System.err.flush();
            String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            return answer != null && answer.strip().toLowerCase(java.util.Locale.ROOT).startsWith("y");
        }
    }

    @Command(name = "heap", mixinStandardHelpOptions = true,
            description = "The driver's live objects by class, largest first, after a full GC (jcmd GC.class_histogram).")
    static final class Heap implements Callable<Integer> {
        @Mixin
        Which which;

        @Option(names = "--top", paramLabel = "N", defaultValue = "20", converter = NumberOptions.AtLeastOne.class, description = "how many classes (default: ${DEFAULT-VALUE})")
        int top;

        @Override
        public Integer call() throws IOException {
            long pid = which.pid();
            if (!which.confirmed(pid, "a heap histogram")) {
                System.err.println("sparkdoc: not attached; nothing was done to pid " + pid);
                return ExitCode.OK;
            }
            HeapHistogram h = run(() -> JvmTools.histogram(pid));
            List<String> lines = HeapText.lines(h, top);
            Destination.stdout().write(out -> lines.forEach(out::println));
            return ExitCode.OK;
        }
    }

    @Command(name = "threads", mixinStandardHelpOptions = true,
            description = "Every thread of the driver with its stack, as jstack prints it (jcmd Thread.print).")
    static final class Threads implements Callable<Integer> {
        @Mixin
        Which which;

        @Override
        public Integer call() throws IOException {
            long pid = which.pid();
            if (!which.confirmed(pid, "a thread dump")) {
                System.err.println("sparkdoc: not attached; nothing was done to pid " + pid);
                return ExitCode.OK;
            }
            // thread names and locks quote what the app named: redacted like every other output
            String dump = Redaction.text(run(() -> JvmTools.threadDump(pid)));
            Destination.stdout().write(out -> out.print(dev.sparkdoc.report.SafeText.clean(dump)));
            return ExitCode.OK;
        }
    }

    /** A tool failure is the target's (exit 3), with its one line. */
    private static <T> T run(java.util.function.Supplier<T> tool) {
        try {
            return tool.get();
        } catch (JvmTools.JvmToolException e) {
            throw new dev.sparkdoc.source.SourceException(e.getMessage());
        }
    }
}
