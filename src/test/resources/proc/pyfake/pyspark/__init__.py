# A stand-in for PySpark in sparkdoc's process tests: only `python3 -m pyspark.daemon` exists.
