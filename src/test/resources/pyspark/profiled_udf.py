# A row-at-a-time Python UDF run under PySpark 3.x's profiler (spark.python.profile=true), then
# sc.dump_profiles(): udf_<id>.pstats for the UDF (id: the UDF expression's result id, the "#N" of
# the plan's BatchEvalPython) and rdd_<id>.pstats for a Python RDD map. The UDF calls a helper
# that compiles a pattern per row and waits 1 ms (as a per-row model call does): 24,000 rows in 2
# tasks over 2 slots are at least 12 s of each task, whatever the machine's pace.
import os
import re
import time

from pyspark.sql import SparkSession
from pyspark.sql.functions import col, sum as total, udf

import scenario

spark = SparkSession.builder.appName("pyspark: profiled row udf").getOrCreate()


def parse_code(n):
    pattern = re.compile(r"(\d+)")
    time.sleep(0.001)
    return int(pattern.match(str(n % 1000)).group(1))


def normalize_code(n):
    return parse_code(n)


spark.sparkContext.setJobDescription("normalized totals")
row = spark.range(0, 24000, 1, 2).select(total(udf(normalize_code, "long")(col("id"))).alias("s")).first()
assert row.s == 24 * 499500
evens = spark.sparkContext.parallelize(range(20000), 2).map(lambda n: n * 2).filter(lambda n: n % 4 == 0).count()
assert evens == 10000
spark.sparkContext.dump_profiles(os.path.join(os.path.dirname(scenario.GATE), "profiles"))
scenario.mark("done")
scenario.hold()
spark.stop()
