package storagebench.sink;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import org.apache.parquet.io.DelegatingSeekableInputStream;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.SeekableInputStream;

/** A dataset file opened through its store, as Parquet's reader reads it: by position. */
final class ChannelInputFile implements InputFile {
    private final SeekableByteChannel channel;

    ChannelInputFile(SeekableByteChannel channel) {
        this.channel = channel;
    }

    @Override
    public long getLength() throws IOException {
        return channel.size();
    }

    @Override
    public SeekableInputStream newStream() {
        return new DelegatingSeekableInputStream(Channels.newInputStream(channel)) {
            @Override
            public long getPos() throws IOException {
                return channel.position();
            }

            @Override
            public void seek(long newPos) throws IOException {
                channel.position(newPos);
            }
        };
    }
}
