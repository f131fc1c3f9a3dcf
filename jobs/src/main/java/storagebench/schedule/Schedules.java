package storagebench.schedule;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.BadInputException;
import storagebench.experiment.Experiment;
import storagebench.experiment.ExperimentLoader;

/**
 * The schedules file as the service knows it: its schedules, and for each whether its experiment
 * loads (the target it runs on) or why not. A file changed while the service runs is read again; one
 * that became invalid keeps the last good schedules, and says why.
 */
public final class Schedules {
    private static final Logger log = LoggerFactory.getLogger(Schedules.class);

    private final Path file;
    private final ExperimentLoader loader;
    private final Map<String, String> broken = new ConcurrentHashMap<>();
    private final Map<String, String> targets = new ConcurrentHashMap<>();
    private volatile List<Schedule> current;
    private volatile FileTime read;
    private volatile String fileProblem;

    private Schedules(Path file, Path dataDir, List<Schedule> schedules, FileTime read) {
        this.file = file;
        this.loader = new ExperimentLoader(dataDir);
        this.current = schedules;
        this.read = read;
        check();
    }

    /**
     * Reads and checks the file; a bad file is bad input (exit 2), a schedule whose experiment does not
     * load is broken.
     */
    public static Schedules load(Path file, Path dataDir) {
        FileTime time = modified(file);
        return new Schedules(file, dataDir, ScheduleLoader.load(file), time);
    }

    public Path file() {
        return file;
    }

    public List<Schedule> all() {
        return current;
    }

    public Optional<Schedule> get(String name) {
        return current.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** Why a schedule cannot run (its experiment does not load), or empty. */
    public Optional<String> broken(String name) {
        return Optional.ofNullable(broken.get(name));
    }

    /** The identity of the target a schedule's experiment runs on ({@code Target#identity}), or empty. */
    public Optional<String> target(String name) {
        return Optional.ofNullable(targets.get(name));
    }

    /** Why the file as it is now was not taken (the last good one is in use), or empty. */
    public Optional<String> fileProblem() {
        return Optional.ofNullable(fileProblem);
    }

    /**
     * Reads the file again if it changed since it was read, and checks every schedule's experiment
     * again in any case (a file it names may have changed).
     *
     * @return whether the schedules changed
     */
    public synchronized boolean refresh() {
        boolean changed = false;
        FileTime now;
        try {
            now = modified(file);
        } catch (BadInputException e) {
            fileProblem = e.getMessage();
            return false;
        }
        if (!now.equals(read)) {
            try {
                List<Schedule> fresh = ScheduleLoader.load(file);
                changed = !fresh.equals(current);
                current = fresh;
                fileProblem = null;
                log.info("read {} again: {} schedule(s)", file, fresh.size());
            } catch (BadInputException e) {
                fileProblem = e.getMessage();
                log.warn(
                        "{} changed but is not valid; keeping the schedules read before: {}",
                        file,
                        e.getMessage());
            }
            read = now;
        }
        Map<String, String> before = Map.copyOf(targets);
        check();
        return changed || !before.equals(targets);
    }

    /** Loads each schedule's experiment (its target is not reached): broken or its target. */
    private void check() {
        for (Schedule s : current) {
            try {
                Experiment e = loader.load(s.experiment(), s.overrides());
                targets.put(s.name(), e.target().identity());
                if (broken.remove(s.name()) != null) {
                    log.info("schedule {}: its experiment loads again", s.name());
                }
            } catch (BadInputException e) {
                targets.remove(s.name());
                if (!e.getMessage().equals(broken.put(s.name(), e.getMessage()))) {
                    log.warn("schedule {} is broken: {}", s.name(), e.getMessage());
                }
            }
        }
        broken.keySet().retainAll(current.stream().map(Schedule::name).toList());
        targets.keySet().retainAll(current.stream().map(Schedule::name).toList());
    }

    private static FileTime modified(Path file) {
        try {
            return Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new BadInputException("no such file: " + file);
        }
    }
}
