# A Python worker that dies without a word (as the kernel's OOM killer or a segfault would do it):
# the JVM reads EOF and Spark says "Python worker exited unexpectedly (crashed)".
import os
import signal

from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

import scenario

spark = SparkSession.builder.appName("pyspark: worker killed").getOrCreate()


def native_call(x):
    if x == 5:
        os.kill(os.getpid(), signal.SIGKILL)
    return x


scenario.fails(lambda: spark.range(0, 20, 1, 2).select(udf(native_call, "long")("id")).collect())
scenario.hold()
spark.stop()
