package dev.sparkdoc.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;

/**
 * A test that drives a real terminal (a tmux session, a shell) and waits for what it draws. It
 * polls the screen for seconds, so the quick loop ({@code mvn -Pquick test}) leaves it to
 * {@code mvn verify}.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(RealTerminal.TAG)
public @interface RealTerminal {

    String TAG = "terminal";
}
