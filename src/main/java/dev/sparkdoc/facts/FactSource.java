package dev.sparkdoc.facts;

import java.util.List;

/**
 * Where {@link FactCatalog} finds the facts: a package of signal classes, each with its
 * {@link FactList}. Found by {@link java.util.ServiceLoader} ({@code META-INF/services}), so the
 * vocabulary knows no class that computes a fact.
 */
public interface FactSource {

    /** Every fact list the source's classes declare, each with the class that declares it. */
    List<Declared> declared();

    /** @param by the declaring class's name: the catalogue's order within a scope */
    record Declared(String by, FactList list) {
    }
}
