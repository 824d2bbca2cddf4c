package dev.sparkdoc.cli;

import dev.sparkdoc.explain.ErrorClassifier;
import dev.sparkdoc.explain.ExplainedError;
import dev.sparkdoc.explain.InputText;
import dev.sparkdoc.report.ExplainJson;
import dev.sparkdoc.report.ExplainText;
import dev.sparkdoc.source.SourceException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

@Command(name = "explain", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Explain an error: its root cause, your own frame, and what to change.",
                "Give it a driver log, a Python traceback, a JVM stack trace or a Spark error message."},
        footer = {"", "Reads at most 20 MB of the input. Exit codes: 0 an error was explained, "
                + "1 no error found in the text, 2 bad usage, 3 the file could not be read."})
public final class ExplainCommand implements Callable<Integer> {

    /** Like grep: nothing recognisable in the text is not an error of sparkdoc, but scripts need to tell. */
    static final int NOTHING_FOUND = 1;

    @Parameters(index = "0", arity = "0..1", paramLabel = "FILE", description = "a log or trace file; '-' or nothing reads standard input")
    String file;

    @Option(names = "--json", description = "print JSON: {\"errors\": [...]}, root cause first")
    boolean json;

    @Option(names = "--verbose", description = "print stack traces of sparkdoc's own errors")
    boolean verbose;

    @Override
    public Integer call() throws IOException {
        InputText input = read();
        List<ExplainedError> errors = ErrorClassifier.builtIn().classify(input);
        if (input.truncated()) {
            System.err.println("sparkdoc: the input is larger than 20 MB; only its first 20 MB were read");
        }
        // with nothing found, the text report would only say so again beside the stderr line below
        if (json || !errors.isEmpty()) {
            Destination.stdout().write(out -> {
                if (json) {
                    out.println(ExplainJson.render(errors, input.truncated()));
                } else {
                    dev.sparkdoc.report.TerminalOut.print(ExplainText.lines(errors), dev.sparkdoc.report.Theme.PLAIN, out);
                }
            });
        }
        if (errors.isEmpty()) {
            System.err.println("sparkdoc: no Spark, JVM or Python error found in " + inputName());
            return NOTHING_FOUND;
        }
        return ExitCode.OK;
    }

    private InputText read() {
        if (file == null || file.equals("-")) {
            if (file == null && StdinTerminal.is()) {
                // a bare 'sparkdoc explain' typed at a prompt would otherwise wait without a word
                // one line that fits 80 columns; Ctrl-D ends the input at the start of a line
                System.err.println("sparkdoc: reading the error from standard input; paste it, then press Ctrl-D");
            }
            try {
                return InputText.read(System.in);
            } catch (IOException e) {
                throw new SourceException("cannot read standard input: " + e.getMessage(), e);
            }
        }
        Path path = Path.of(file);
        if (Files.isDirectory(path)) {
            throw new SourceException(file + " is a folder: give a log or trace file, or '-' for standard input");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return InputText.read(in);
        } catch (NoSuchFileException e) {
            throw new SourceException(file + ": no such file");
        } catch (IOException e) {
            throw new SourceException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    private String inputName() {
        return file == null || file.equals("-") ? "standard input" : file;
    }
}
