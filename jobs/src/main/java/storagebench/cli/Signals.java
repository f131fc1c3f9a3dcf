package storagebench.cli;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import storagebench.runner.RunStop;

/**
 * SIGTERM and SIGINT (Ctrl-C) during a command, handled without shutting the JVM down: the first
 * signal asks the work to stop and the command ends it cleanly and exits {@code 128 + signal} (143,
 * 130); a second one exits at once. A JVM shutdown hook would not do: the job repository's embedded
 * database closes itself in its own hook, before the job could record how it ended.
 *
 * <p>The JDK's signal API ({@code sun.misc.Signal}, module jdk.unsupported) is reached by reflection,
 * since the compiler warns on every direct use of it; where it is missing, signals keep their default.
 */
final class Signals implements AutoCloseable {
    private static final Logger log = LoggerFactory.getLogger(Signals.class);
    private static final Map<String, Integer> CODES = Map.of("TERM", 143, "INT", 130);

    private final Map<Object, Object> previous = new LinkedHashMap<>();
    private volatile String received;

    private Signals(Consumer<String> onFirst) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Method handle = signal.getMethod("handle", signal, handlerType);
            for (String name : CODES.keySet()) {
                Object sig = signal.getConstructor(String.class).newInstance(name);
                Object handler =
                        Proxy.newProxyInstance(
                                Signals.class.getClassLoader(),
                                new Class<?>[] {handlerType},
                                handler(name, onFirst));
                previous.put(sig, handle.invoke(null, sig, handler));
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("signals keep their default handling: {}", e.toString());
        }
    }

    private InvocationHandler handler(String name, Consumer<String> onFirst) {
        return (proxy, method, args) ->
                switch (method.getName()) {
                    case "handle" -> {
                        if (received != null) {
                            System.err.println("second signal: exiting now");
                            System.exit(CODES.get(name));
                        }
                        received = name;
                        onFirst.accept("SIG" + name);
                        yield null;
                    }
                    case "hashCode" -> System.identityHashCode(proxy);
                    case "equals" -> proxy == args[0];
                    default -> "signal handler " + name;
                };
    }

    /** A signal stops the run: the trial under way is abandoned, no new one starts. */
    static Signals stopping(RunStop stop) {
        return new Signals(stop::request);
    }

    /** A signal calls {@code onFirst} with its name (SIGTERM, SIGINT): a service then ends itself. */
    static Signals calling(Consumer<String> onFirst) {
        return new Signals(onFirst);
    }

    /** The exit code the command should end with: 128 + the signal received, or {@code otherwise}. */
    int exitCode(int otherwise) {
        String name = received;
        return name == null ? otherwise : CODES.get(name);
    }

    @Override
    public void close() {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Method handle =
                    signal.getMethod("handle", signal, Class.forName("sun.misc.SignalHandler"));
            for (Map.Entry<Object, Object> old : previous.entrySet()) {
                handle.invoke(null, old.getKey(), old.getValue());
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.debug("could not restore the signal handlers: {}", e.toString());
        }
    }
}
