package dev.sparkdoc.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/**
 * Writes what the release tarballs ship beside the jar, at build time (Maven's package phase):
 * {@code completions/sparkdoc.bash}, {@code completions/sparkdoc.zsh} and
 * {@code man/man1/sparkdoc*.1}, all from the command tree the jar parses with.
 */
public final class DistributionDocs {

    private DistributionDocs() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            throw new IllegalArgumentException("usage: DistributionDocs OUTPUT-FOLDER");
        }
        write(Path.of(args[0]));
    }

    static void write(Path folder) throws IOException {
        Path completions = Files.createDirectories(folder.resolve("completions"));
        for (String shell : CompletionScript.SHELLS) {
            Files.writeString(completions.resolve("sparkdoc." + shell), CompletionScript.forShell(shell).orElseThrow(), StandardCharsets.UTF_8);
        }
        Path man = Files.createDirectories(folder.resolve("man").resolve("man1"));
        String version = VersionProvider.version();
        for (CommandLine command : ManPage.tree(Main.commandLine())) {
            Files.writeString(man.resolve(ManPage.fileName(command)), ManPage.troff(command, version), StandardCharsets.UTF_8);
        }
    }
}
