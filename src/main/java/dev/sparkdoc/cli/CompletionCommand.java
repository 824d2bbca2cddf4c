package dev.sparkdoc.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

@Command(name = "completion", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class,
        description = {"Print the shell completion script for bash or zsh.",
                "Load it with: source <(sparkdoc completion bash), or put it in your bash_completion.d folder; "
                        + "zsh: source <(sparkdoc completion zsh) in ~/.zshrc."})
final class CompletionCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "SHELL", completionCandidates = CompletionScript.Shells.class,
            description = "bash or zsh")
    String shell;

    @Override
    public Integer call() throws java.io.IOException {
        String script = CompletionScript.forShell(shell)
                .orElseThrow(() -> new UsageException("completion " + shell + ": give " + String.join(" or ", CompletionScript.SHELLS)));
        Destination.stdout().write(out -> out.print(script));
        return ExitCode.OK;
    }
}
