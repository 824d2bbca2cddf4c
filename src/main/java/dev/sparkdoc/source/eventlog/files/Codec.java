package dev.sparkdoc.source.eventlog.files;

import com.github.luben.zstd.ZstdInputStream;
import com.ning.compress.lzf.LZFInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;
import org.xerial.snappy.SnappyInputStream;

/**
 * The compression codecs Spark writes event logs with, and gzip, which Databricks rolls its
 * logs into ({@code eventlog-2021-06-15--15-00.gz}). The codec is the file extension
 * ({@code EventLogFileWriter.codecName}: the last dot part once {@code .inprogress} and
 * {@code .compact} are removed), and each one is the Java library's own stream format, not
 * the command-line tool's. Gzip is also known by its magic bytes (see {@link Segment}).
 */
public enum Codec {
    NONE(""),
    GZIP("gz"),
    LZ4("lz4"),
    LZF("lzf"),
    SNAPPY("snappy"),
    ZSTD("zstd");

    /** Seed of the XXHash32 checksum lz4-java's block stream uses (and Spark's LZ4 codec). */
    private static final int LZ4_BLOCK_SEED = 0x9747b28c;

    private final String extension;

    Codec(String extension) {
        this.extension = extension;
    }

    public String extension() {
        return extension;
    }

    /** The codec of an event-log file name; {@link #NONE} when the last part is no codec name. */
    public static Codec ofFileName(String fileName) {
        String name = stripSuffix(stripSuffix(fileName, ".inprogress"), ".compact");
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return NONE;
        }
        String ext = name.substring(dot + 1).toLowerCase(Locale.ROOT);
        for (Codec codec : values()) {
            if (codec != NONE && codec.extension.equals(ext)) {
                return codec;
            }
        }
        return NONE;
    }

    public static String stripSuffix(String name, String suffix) {
        return name.endsWith(suffix) ? name.substring(0, name.length() - suffix.length()) : name;
    }

    /** Wraps the raw file stream in this codec's decompressor. */
    InputStream open(InputStream raw) throws IOException {
        return switch (this) {
            case NONE -> raw;
            // GZIPInputStream reads concatenated members, as gzip -d does
            case GZIP -> new GZIPInputStream(raw, 1 << 16);
            // lz4-java 1.8.0's block stream only takes a "fast" decompressor. The pure-Java safe
            // instance's one works on bounds-checked arrays, so hostile input (CVE-2025-12183
            // targets the JNI/unsafe ones) ends in an exception, not an out-of-bounds read.
            // stopOnEmptyBlock=false reads concatenated streams, as Spark's LZ4CompressionCodec.
            case LZ4 -> new LZ4BlockInputStream(raw, LZ4Factory.safeInstance().fastDecompressor(),
                    XXHashFactory.safeInstance().newStreamingHash32(LZ4_BLOCK_SEED).asChecksum(), false);
            case LZF -> new LZFInputStream(raw);
            case SNAPPY -> new SnappyInputStream(raw);
            // Continuous mode returns every complete frame of a log cut mid-frame (a crashed or
            // running app) instead of failing, which is how Spark itself reads .inprogress logs.
            case ZSTD -> new ZstdInputStream(raw).setContinuous(true);
        };
    }
}
