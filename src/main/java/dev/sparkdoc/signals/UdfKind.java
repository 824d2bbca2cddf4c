package dev.sparkdoc.signals;

/** How a UDF runs, which decides what it costs and what replaces it. */
enum UdfKind {
    /** A Scala/Java UDF (catalyst's ScalaUDF): opaque to the optimizer and to codegen. */
    JVM,
    /** A row-at-a-time Python UDF: BatchEvalPython pickles every row to a Python worker. */
    PYTHON_ROW,
    /** A pandas/Arrow UDF or function: ArrowEvalPython, *InPandas, MapInArrow move Arrow batches. */
    PYTHON_ARROW
}
