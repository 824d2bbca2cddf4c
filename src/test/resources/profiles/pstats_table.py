"""Python's own reading of a .pstats file, one function a line, for ProfileDumpReaderTest to compare with:
file, line, name, cc, nc, tt, ct (times as repr, exact). Usage: python3 pstats_table.py FILE.pstats"""
import pstats
import sys

stats = pstats.Stats(sys.argv[1]).stats
for (file, line, name), (cc, nc, tt, ct, _callers) in stats.items():
    print("\t".join([file, str(line), name, str(cc), str(nc), repr(tt), repr(ct)]))
