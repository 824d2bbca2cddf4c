package dev.sparkdoc.userconfig;

import dev.sparkdoc.redact.Redaction;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).redirectInput(ProcessBuilder.Redirect.from(devNull()))
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().clear();
            pb.environment().putAll(env);
            try {
                Process p = pb.start();
                byte[] out = p.getInputStream().readNBytes(64 * 1024);
                if (!p.waitFor(COMMAND_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    throw new ConfigException(describe(env) + " did not finish in " + COMMAND_SECONDS + " s: run it yourself to see why");
                }
                if (p.exitValue() != 0) {
                    throw new ConfigException(describe(env) + " failed (exit " + p.exitValue() + "): run it yourself to see why");
                }
                String v = new String(out, StandardCharsets.UTF_8).strip();
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

        private static java.io.File devNull() {
            return new java.io.File("/dev/null");
        }
    }
}
