package dev.sparkdoc.rules;

import dev.sparkdoc.facts.Fact;
import dev.sparkdoc.facts.ScopeKind;
import java.util.List;
import java.util.Optional;

/**
 * A rule as loaded from the catalog.
 *
 * @param family      the symptom family: the rule file's ({@code skew.yaml} holds skew rules)
 * @param secondsLost the time fact that estimates what this problem costs, if it can be known
 * @param part        the account part ({@code app.time.*} or {@code app.slots.*} fact) whose time the
 *                    seconds lost are a share of; empty: bounded by the app's wall time alone
 * @param confidence  0..1: how surely the data proves the symptom (1 = the numbers show it)
 * @param verifyFacts the facts that must change for a fix to have worked ({@code sparkdoc diff} reads them);
 *                    empty: the seconds lost, else the condition's facts that held
 * @param why         where the thresholds come from (Spark defaults, other tools), for 'rules show'
 * @param origin      "file:line" where the rule was defined, for messages
 */
public record Rule(
        String id,
        String family,
        ScopeKind scope,
        String title,
        Condition when,
        SeverityLadder severity,
        List<Fact> evidence,
        Optional<Fact> secondsLost,
        Optional<Fact> part,
        double confidence,
        List<RemedyTemplate> remedies,
        String verify,
        List<Fact> verifyFacts,
        String docs,
        String why,
        String origin) {

    public Rule {
        evidence = List.copyOf(evidence);
        verifyFacts = List.copyOf(verifyFacts);
        remedies = List.copyOf(remedies);
    }

    /**
     * A remedy as written in the rule: text, config to set and code to change. Values may hold
     * {@code {fact}} placeholders, filled from the evidence (see {@link Templates}).
     *
     * @param code           the code shown when the app's language is unknown or has no version of its own
     * @param codeByLanguage the same change in the app's own language (python, scala, java, sql)
     * @param when           offered only where this holds too (a Spark mechanism that could act here, say)
     */
    public record RemedyTemplate(String text, java.util.Map<String, String> conf, Optional<String> code,
                                 java.util.Map<String, String> codeByLanguage, Optional<Condition> when, Optional<String> why) {
        public RemedyTemplate {
            conf = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(conf));
            codeByLanguage = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(codeByLanguage));
        }

        public RemedyTemplate(String text, java.util.Map<String, String> conf, Optional<String> code) {
            this(text, conf, code, java.util.Map.of(), Optional.empty(), Optional.empty());
        }

        /** The code for an app in {@code language} (python, scala, …), else the default. */
        public Optional<String> code(Optional<String> language) {
            return language.map(codeByLanguage::get).or(() -> code);
        }
    }
}
