package dev.sparkdoc.cli;

import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.AutoComplete;

/**
 * The shell completion script, from the command tree itself (picocli's {@link AutoComplete}): every
 * command, option and rule id, so it cannot drift from what the parser accepts.
 */
final class CompletionScript {

    /** The shells {@link #forShell} writes a script for. */
    static final List<String> SHELLS = List.of("bash", "zsh");

    /** What {@code sparkdoc completion} accepts. */
    static final class Shells implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return SHELLS.iterator();
        }
    }

    /**
     * The targets a shell offers before any path: a local driver's UI and History Server. The
     * script adds file and folder names to them ({@link #bash()}).
     */
    static final class TargetExamples implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return List.of("localhost:4040", "http://localhost:4040", "http://localhost:18080").iterator();
        }
    }

    /** Picocli completes a positional from its candidates only: TARGET also takes event logs and snapshot files. */
    private static final String TARGETS = "compReplyArray \"${TARGET_pos_param_args[@]}\" )";
    private static final String TARGETS_AND_PATHS = "compReplyArray \"${TARGET_pos_param_args[@]}\"; _sparkdoc_named_targets"
            + " \"${curr_word}\"; compgen -f -- \"${curr_word}\" ) # URLs, the config's targets, files and folders";
    private static final String FIRST_FUNCTION = "function compReplyArray() {";
    /**
     * The config file's target names (block-style YAML: two-space keys under {@code targets:}),
     * read by awk at each Tab: no JVM starts for a completion, and a new target completes at once.
     * The file is found as {@link dev.sparkdoc.userconfig.UserDirs} finds it ($HOME before the
     * passwd home), so a name that completes is one the program knows.
     */
    private static final String NAMED_TARGETS = """
            # The names of the targets in sparkdoc's config file (see 'sparkdoc config show'), for TARGET
            function _sparkdoc_named_targets() {
              local home="${HOME:-}" base="${XDG_CONFIG_HOME:-}"
              case "$home" in /*) ;; *) home=$(getent passwd "$(id -u)" 2>/dev/null | cut -d: -f6) ;; esac
              case "$base" in /*) ;; *) base="$home/.config" ;; esac
              local file="${SPARKDOC_CONFIG:-$base/sparkdoc/config.yaml}"
              [ -r "$file" ] || return 0
              local names
              names=$(awk '/^targets:[[:space:]]*(#.*)?$/ {t=1; next} /^[^[:space:]#]/ {t=0}
                t && /^  [A-Za-z0-9][A-Za-z0-9._-]*:/ {sub(/^  /, ""); sub(/:.*/, ""); print}' "$file" 2>/dev/null)
              compgen -W "$names" -- "$1"
            }

            """;

    private CompletionScript() {
    }

    static Optional<String> forShell(String shell) {
        return switch (shell.toLowerCase(Locale.ROOT)) {
            case "bash" -> Optional.of(bash());
            // picocli's script loads zsh's bashcompinit itself when zsh sources it
            case "zsh" -> Optional.of("# zsh completion for sparkdoc: source this file (e.g. from ~/.zshrc)\n" + bash());
            default -> Optional.empty();
        };
    }

    /**
     * The bash script (zsh loads it through bashcompinit): commands, options, rule ids for
     * {@code rules show} and {@code --disable}, paths for files and folders, and TARGET as a URL,
     * a host:port, a named target of the config file, an event log or a snapshot file.
     */
    static String bash() {
        String script = AutoComplete.bash("sparkdoc", Main.commandLine());
        if (!script.contains(TARGETS) || !script.contains(FIRST_FUNCTION)) {
            // a picocli upgrade changed its script: better no release than one without target completion
            throw new IllegalStateException("picocli's completion script no longer completes TARGET from its candidates");
        }
        return script.replace(TARGETS, TARGETS_AND_PATHS).replaceFirst(java.util.regex.Pattern.quote(FIRST_FUNCTION),
                java.util.regex.Matcher.quoteReplacement(NAMED_TARGETS + FIRST_FUNCTION));
    }
}
