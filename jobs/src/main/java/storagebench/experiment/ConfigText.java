package storagebench.experiment;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import storagebench.BadInputException;
import storagebench.config.ConfigException;
import storagebench.config.InputLimits;

/**
 * An experiment or schedules file's text: UTF-8, or bad input naming the file, the first bad byte's
 * offset and its line. A file larger than {@link InputLimits#MAX_FILE_BYTES} is refused unread, one
 * with a line longer than {@link InputLimits#MAX_LINE_BYTES} before it is parsed.
 */
public final class ConfigText {
    private ConfigText() {}

    public static String read(Path file) {
        if (Files.isDirectory(file)) {
            throw new BadInputException(file + ": is a directory, not an experiment file");
        }
        InputLimits.checkSize(file, "config file");
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new BadInputException("no such file: " + file);
        } catch (AccessDeniedException e) {
            throw new BadInputException(file + ": cannot read: permission denied");
        } catch (IOException e) {
            throw new BadInputException(file + ": cannot read: " + e.getMessage());
        }
        InputLimits.checkLines(file, bytes);
        return decode(file, bytes);
    }

    private static String decode(Path file, byte[] bytes) {
        CharsetDecoder utf8 =
                StandardCharsets.UTF_8
                        .newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(bytes.length);
        CoderResult result = utf8.decode(in, out, true);
        if (result.isError()) {
            int offset = in.position();
            long line = 1;
            for (int i = 0; i < offset; i++) {
                line += bytes[i] == '\n' ? 1 : 0;
            }
            throw new ConfigException(
                    file.toString(),
                    (int) line,
                    null,
                    String.format(
                            "not UTF-8: the byte 0x%02X "
                                    + "at offset %d is not valid UTF-8; save the file as UTF-8",
                            bytes[offset] & 0xff, offset));
        }
        utf8.flush(out);
        return out.flip().toString();
    }
}
