# A row-at-a-time Python UDF that costs 1 ms per row (as a per-row regex compile or model call does):
# 40,000 rows in 2 tasks over 2 slots are at least 20 s of each task, whatever the machine's pace.
import time

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, sum as total, udf

import scenario

spark = SparkSession.builder.appName("pyspark: slow row udf").getOrCreate()


def slow_normalize(n):
    time.sleep(0.001)
    return n % 1000


spark.sparkContext.setJobDescription("normalized totals")
row = spark.range(0, 40000, 1, 2).select(total(udf(slow_normalize, "long")(col("id"))).alias("s")).first()
assert row.s == 40 * 499500
scenario.mark("done")
scenario.hold()
spark.stop()
