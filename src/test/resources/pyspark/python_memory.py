# A UDF that builds a 600 MiB buffer for one record, under spark.executor.pyspark.memory=300m: the worker's
# address-space limit (RLIMIT_AS) makes Python raise MemoryError, which fails the job.
from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

import scenario

spark = SparkSession.builder.appName("pyspark: worker over its memory").getOrCreate()


def hold_batch(x):
    if x == 5:
        batch = bytearray(600 * 1024 * 1024)
        return len(batch)
    return x


scenario.fails(lambda: spark.range(0, 20, 1, 2).select(udf(hold_batch, "long")("id")).collect())
scenario.hold()
spark.stop()
