/**
 * YAML data files read with their line numbers (rules, rule tests, error patterns), the one-line
 * error of a broken file, and the "did you mean" for a misspelt key or name. Depends on nothing
 * else in sparkdoc.
 */
package dev.sparkdoc.datafile;
