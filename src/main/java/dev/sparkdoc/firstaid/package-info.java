/**
 * The vocabulary of first aid shared by the rule catalog and the error classifier: the symptom
 * families, remedies, and the error of a broken data file. Depends on nothing else in sparkdoc.
 */
package dev.sparkdoc.firstaid;
