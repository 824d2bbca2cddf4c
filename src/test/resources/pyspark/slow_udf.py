# A row-at-a-time Python UDF that costs 1 ms per row (as a per-row regex compile or model call does):
# 30,000 rows over 2 slots are at least 15 s of the query, whatever the machine's pace.
import time

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, sum as total, udf

import scenario

spark = SparkSession.builder.appName("pyspark: slow row udf").getOrCreate()


def slow_normalize(n):
    time.sleep(0.001)
    return n % 1000


spark.sparkContext.setJobDescription("normalized totals")
row = spark.range(0, 30000, 1, 4).select(total(udf(slow_normalize, "long")(col("id"))).alias("s")).first()
assert row.s == 30 * 499500
scenario.mark("done")
scenario.hold()
spark.stop()
