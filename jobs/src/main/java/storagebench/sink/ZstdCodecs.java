package storagebench.sink;

import com.github.luben.zstd.Zstd;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;

/**
 * The dataset's compression, ZSTD, straight through zstd-jni (the library Kafka's clients already
 * bring), and uncompressed pages. Parquet's own codec factory goes through Hadoop's codec classes,
 * which would make Hadoop a part of every install; with this one Hadoop is needed only for a dataset
 * on HDFS or S3 (the Hadoop add-on). Files compressed otherwise are not ours: reading one is an error
 * that names its codec.
 */
final class ZstdCodecs implements CompressionCodecFactory {
    /** Parquet's default ZSTD level, as files written through its own factory had. */
    static final int LEVEL = 3;

    static final ZstdCodecs INSTANCE = new ZstdCodecs();

    private ZstdCodecs() {}

    @Override
    public BytesInputCompressor getCompressor(CompressionCodecName codec) {
        return switch (codec) {
            case ZSTD -> new Compressor(codec);
            case UNCOMPRESSED -> new Compressor(codec);
            default -> throw new IllegalArgumentException("no " + codec + " compressor: " + OURS);
        };
    }

    @Override
    public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
        return switch (codec) {
            case ZSTD -> new Decompressor(true);
            case UNCOMPRESSED -> new Decompressor(false);
            default -> new Unsupported(codec);
        };
    }

    @Override
    public void release() {}

    /** The bytes of a page, read once into an array of their size. */
    private static byte[] bytesOf(BytesInput bytes) throws IOException {
        byte[] into = new byte[Math.toIntExact(bytes.size())];
        int read = bytes.toInputStream().readNBytes(into, 0, into.length);
        if (read != into.length) {
            throw new IOException("a page of " + into.length + " bytes ended at " + read);
        }
        return into;
    }

    private static final String OURS = "the dataset's files are ZSTD-compressed or uncompressed";

    private record Compressor(CompressionCodecName codec) implements BytesInputCompressor {
        @Override
        public BytesInput compress(BytesInput bytes) throws IOException {
            if (codec == CompressionCodecName.UNCOMPRESSED) {
                return bytes;
            }
            return BytesInput.from(Zstd.compress(bytesOf(bytes), LEVEL));
        }

        @Override
        public CompressionCodecName getCodecName() {
            return codec;
        }

        @Override
        public void release() {}
    }

    private record Decompressor(boolean zstd) implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            if (!zstd) {
                return bytes;
            }
            byte[] out = Zstd.decompress(bytesOf(bytes), uncompressedSize);
            if (out.length != uncompressedSize) {
                throw new IOException(
                        "a ZSTD page held "
                                + out.length
                                + " bytes where its header says "
                                + uncompressedSize);
            }
            return BytesInput.from(out);
        }

        @Override
        public void decompress(
                ByteBuffer input, int compressedSize, ByteBuffer output, int uncompressedSize)
                throws IOException {
            byte[] in = new byte[compressedSize];
            input.get(in);
            output.put(bytesOf(decompress(BytesInput.from(in), uncompressedSize)));
        }

        @Override
        public void release() {}
    }

    private record Unsupported(CompressionCodecName codec) implements BytesInputDecompressor {
        @Override
        public BytesInput decompress(BytesInput bytes, int uncompressedSize) throws IOException {
            throw new IOException("a " + codec + "-compressed page: " + OURS);
        }

        @Override
        public void decompress(ByteBuffer input, int compressedSize, ByteBuffer output, int size)
                throws IOException {
            throw new IOException("a " + codec + "-compressed page: " + OURS);
        }

        @Override
        public void release() {}
    }
}
