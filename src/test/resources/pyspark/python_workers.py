# Two Python tasks that each run a UDF in their own Python worker and wait in it until the test has
# looked at the processes: the driver JVM, this script (its child), pyspark.daemon and two workers.
import os
import time

from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

import scenario

spark = SparkSession.builder.appName("pyspark: python workers").getOrCreate()


def wait_in_worker(x):
    scenario.mark("worker-%d" % os.getpid())
    while not scenario.released():
        time.sleep(0.05)
    return x * 2


rows = spark.range(0, 8, 1, 2).select(udf(wait_in_worker, "long")("id").alias("doubled")).collect()
assert sorted(r.doubled for r in rows) == [2 * i for i in range(8)]
scenario.mark("done")
scenario.hold()
spark.stop()
