# A small, healthy PySpark job: an aggregation over 20,000 rows and a Python UDF on its 100 groups.
# Nothing in it deserves a warning.
from pyspark.sql import SparkSession
from pyspark.sql.functions import col, count, sum as total, udf

import scenario

spark = SparkSession.builder.appName("pyspark: healthy").getOrCreate()


def label(n):
    return "group-%03d" % n


spark.sparkContext.setJobDescription("daily totals")
rows = (spark.range(0, 20000).select((col("id") % 100).alias("g"), col("id"))
        .groupBy("g").agg(count("*").alias("n"), total("id").alias("s"))
        .select(udf(label, "string")("g").alias("group"), "n", "s").collect())
assert len(rows) == 100 and sum(r.n for r in rows) == 20000
scenario.mark("done")
scenario.hold()
spark.stop()
