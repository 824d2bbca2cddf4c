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
        description = {"Explain an error: paste a driver log, a Python traceback, a JVM stack trace or a Spark",
                "error message; get the root cause, your own frame, and what to change."},
        footer = {"", "Reads at most 20 MB of the input. Exit codes: 0 an error was explained,",
                "  1 no error found in the text, 2 bad usage, 3 the file could not be read."})
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
        Destination.stdout().write(out -> {
            if (json) {
                out.println(ExplainJson.render(errors, input.truncated()));
            } else {
                dev.sparkdoc.report.TerminalOut.print(ExplainText.lines(errors), dev.sparkdoc.report.Theme.PLAIN, out);
            }
        });
        if (errors.isEmpty()) {
            System.err.println("sparkdoc: no error found in " + inputName());
            return NOTHING_FOUND;
        }
        return ExitCode.OK;
    }

    private InputText read() {
        if (file == null || file.equals("-")) {
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
