package storagebench.config;

import storagebench.BadInputException;

/** A config that cannot be run: names the file, line, key and reason. */
public class ConfigException extends BadInputException {
    public ConfigException(String file, int line, String key, String reason) {
        super(
                file
                        + (line > 0 ? ":" + line : "")
                        + ": "
                        + (key == null || key.isEmpty() ? "" : "'" + key + "': ")
                        + reason);
    }
}
