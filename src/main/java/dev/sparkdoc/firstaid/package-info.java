/**
 * The vocabulary of first aid shared by the error classifier ({@code explain}) and the rule
 * catalog ({@code rules}): the symptom families and remedies. It sits apart from {@code rules}
 * because {@code explain} feeds {@code signals}, which {@code rules} reads. Depends on nothing else
 * in sparkdoc.
 */
package dev.sparkdoc.firstaid;
