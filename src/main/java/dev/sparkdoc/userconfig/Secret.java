package dev.sparkdoc.userconfig;

import dev.sparkdoc.proc.ChildCommand;
import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.util.Map;
import java.time.Duration;
import java.util.List;

/**
 * A secret the config file names but never holds: an environment variable, or a command whose
 * standard output is the secret ({@code pass show …}, {@code gcloud auth print-access-token}). It
 * is read only when a target that needs it is used, and never printed.
 */
public sealed interface Secret {

    /** How long a secret command may run: a password manager waiting on a prompt must not hang sparkdoc. */
    long COMMAND_SECONDS = 20;

    /** The secret's value; a {@link ConfigException} naming the source when it cannot be had. */
    String value(Map<String, String> env);

    /** Where the value comes from, for {@code config show} and messages: never the value. */
    String describe(Map<String, String> env);

    record Env(String variable) implements Secret {
        @Override
        public String value(Map<String, String> env) {
            String v = env.get(variable);
            if (v == null || v.isEmpty()) {
                throw new ConfigException("the environment variable " + variable + " is not set: export it, or change the config");
            }
            return v;
        }

        @Override
        public String describe(Map<String, String> env) {
            String v = env.get(variable);
            return "from environment variable " + variable + (v == null || v.isEmpty() ? " (not set)" : " (set)");
        }
    }

    record Command(String command) implements Secret {
        @Override
        public String value(Map<String, String> env) {
            // the environment sparkdoc was given, not more: a test's or a config's chosen one
            ChildCommand child = new ChildCommand(List.of("sh", "-c", command), e -> {
                e.clear();
                e.putAll(env);
            }, false, Duration.ofSeconds(COMMAND_SECONDS), 64 * 1024);
            try {
                ChildCommand.Ran ran = child.run().orElseThrow(() -> new ConfigException(
                        describe(env) + " did not finish in " + COMMAND_SECONDS + " s: run it yourself to see why"));
                if (ran.exitCode() != 0) {
                    throw new ConfigException(describe(env) + " failed (exit " + ran.exitCode() + "): run it yourself to see why");
                }
                String v = ran.output().strip();
                if (v.isEmpty()) {
                    throw new ConfigException(describe(env) + " printed nothing: it should print the secret");
                }
                return v;
            } catch (IOException e) {
                throw new ConfigException(describe(env) + " could not be started: " + e.getMessage());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ConfigException(describe(env) + " was interrupted");
            }
        }

        @Override
        public String describe(Map<String, String> env) {
            // a command line may itself carry a secret (echo hunter2, curl -u …): redacted like any other text
            return "from command '" + Redaction.text(command) + "'";
        }
    }
}
