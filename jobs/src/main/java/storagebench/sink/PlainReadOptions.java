package storagebench.sink;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.HashMap;
import java.util.Map;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.bytes.ByteBufferAllocator;
import org.apache.parquet.bytes.HeapByteBufferAllocator;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.crypto.FileDecryptionProperties;
import org.apache.parquet.filter2.compat.FilterCompat;
import org.apache.parquet.format.converter.ParquetMetadataConverter;
import org.apache.parquet.hadoop.ParquetMetricsCallback;

/**
 * Read options for a Parquet file that load no Hadoop class: a whole-file read (no filter, no
 * statistics, no vectored IO) with a given codec factory. {@link ParquetReadOptions.Builder} cannot make
 * them: its constructor makes Hadoop's codec factory and asks Hadoop's input format for a filter,
 * whatever is set after, so a reader built through it needs Hadoop on the class path even for a local
 * file. The options are made through the constructor the builder calls, package-private in Parquet
 * 1.18, reached once through a method handle; {@code PlainReadOptionsTest} fails if a Parquet upgrade
 * changes it.
 */
final class PlainReadOptions {
    /** Parquet's own default bound of one allocation. */
    private static final int MAX_ALLOCATION = 8 << 20;

    private static final MethodHandle CONSTRUCTOR = constructor();

    private PlainReadOptions() {}

    /** Options that decompress with {@code codecs} and read every row group and page. */
    static ParquetReadOptions of(CompressionCodecFactory codecs) {
        try {
            return (ParquetReadOptions)
                    CONSTRUCTOR.invokeExact(
                            false, // useSignedStringMinMax
                            false, // useStatsFilter
                            false, // useDictionaryFilter
                            false, // useRecordFilter
                            false, // useColumnIndexFilter
                            false, // usePageChecksumVerification
                            false, // useBloomFilter
                            false, // useOffHeapDecryptBuffer
                            false, // useHadoopVectoredIo
                            FilterCompat.NOOP,
                            ParquetMetadataConverter.NO_FILTER,
                            codecs,
                            (ByteBufferAllocator) new HeapByteBufferAllocator(),
                            MAX_ALLOCATION,
                            (Map<String, String>) new HashMap<String, String>(),
                            (FileDecryptionProperties) null,
                            (ParquetMetricsCallback) null,
                            (ParquetConfiguration) new PlainParquetConfiguration());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot make Parquet's read options", e);
        }
    }

    private static MethodHandle constructor() {
        MethodType type =
                MethodType.methodType(
                        void.class,
                        new Class<?>[] {
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            boolean.class,
                            FilterCompat.Filter.class,
                            ParquetMetadataConverter.MetadataFilter.class,
                            CompressionCodecFactory.class,
                            ByteBufferAllocator.class,
                            int.class,
                            Map.class,
                            FileDecryptionProperties.class,
                            ParquetMetricsCallback.class,
                            ParquetConfiguration.class
                        });
        try {
            return MethodHandles.privateLookupIn(ParquetReadOptions.class, MethodHandles.lookup())
                    .findConstructor(ParquetReadOptions.class, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(
                    "this Parquet version's read options have no constructor "
                            + type
                            + "; PlainReadOptions needs updating with Parquet",
                    e);
        }
    }
}
