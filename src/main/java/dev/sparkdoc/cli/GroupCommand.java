package dev.sparkdoc.cli;

/** A command that only groups others ({@code sparkdoc}, {@code rules}, {@code config}, {@code driver}): alone, it prints its usage. */
abstract class GroupCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
