# A row-at-a-time Python UDF that meets a record it cannot parse: the job fails with a
# PythonException carrying the Python traceback (ValueError in parse_amount, this file).
from pyspark.sql import SparkSession
from pyspark.sql.functions import udf

import scenario

spark = SparkSession.builder.appName("pyspark: bad record in a UDF").getOrCreate()


def parse_amount(text):
    return int(text.replace("EUR ", ""))


amounts = spark.createDataFrame([("EUR %d" % i,) for i in range(40)] + [("EUR twelve",)], ["amount"]).repartition(2)
scenario.fails(lambda: amounts.select(udf(parse_amount, "int")("amount").alias("cents")).collect())
scenario.hold()
spark.stop()
