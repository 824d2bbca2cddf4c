package dev.sparkdoc.source;

import java.util.Optional;

/**
 * Which application (and attempt) to read where a target holds several: a History Server, or
 * several drivers on 4040–4045. Empty means the most recent running one, else the most recent.
 */
public record AppSelector(Optional<String> appId, Optional<String> attemptId) {

    public static final AppSelector ANY = new AppSelector(Optional.empty(), Optional.empty());

    public boolean matchesApp(String id) {
        return appId.map(id::equals).orElse(true);
    }
}
