package storagebench.cli;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.broker.KafkaConnection;
import storagebench.config.Settings;
import storagebench.schedule.RunningRuns;
import storagebench.schedule.Schedules;
import storagebench.serve.Serve;
import storagebench.serve.ServeOptions;
import storagebench.serve.WebAddOn;

/** {@code storagebench serve}: scheduled runs, a continuous sink and the dashboard, unattended. */
@Command(
        name = "serve",
        mixinStandardHelpOptions = true,
        description = {
            "Runs the experiments of a schedules file on their cron schedules (Quartz, its store in the"
                    + " job repository: schedules survive a restart; several services on one repository"
                    + " fire each once), keeps the dataset up to date, checks every scheduled run against"
                    + " the schedule's runs before it (a regression is an event) and serves a dashboard"
                    + " with live progress.",
            "SIGTERM or Ctrl-C stops the trial under way cleanly (the run is continued at the next start,"
                    + " per the schedule's retry) and closes the dataset's files."
        },
        footer = {
            "",
            "Examples:",
            "  storagebench serve",
            "  storagebench serve --schedules my-schedules.yaml --port 9090"
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:stopped by SIGTERM or Ctrl-C, cleanly",
            "1:failed (the job repository or the broker could not be reached, the port is taken)",
            "2:bad input: the schedules file (file, line, key, reason), --bind without a token, no web"
                    + " add-on"
        })
public final class ServeCommand implements Callable<Integer> {
    @Mixin ScheduleCommand.StoreOptions store;

    @Option(
            names = "--port",
            defaultValue = "8080",
            description = "The dashboard's port (default: ${DEFAULT-VALUE}; 0: any free one).")
    int port;

    @Option(
            names = "--bind",
            paramLabel = "ADDRESS",
            defaultValue = "127.0.0.1",
            description =
                    "The address the dashboard listens on (default: ${DEFAULT-VALUE}, this machine"
                            + " only); any other needs serve.token / STORAGEBENCH_SERVE_TOKEN for actions.")
    String bind;

    @Override
    public Integer call() throws InterruptedException {
        WebAddOn.require("serve");
        Settings settings = store.settingsOptions.load();
        ServeOptions options = new ServeOptions(bind, port, settings.serveToken());
        Schedules schedules = Schedules.load(store.schedulesFile, settings.dataDir());
        listenable(bind, port);
        DataDir.prepare(settings.dataDir());
        CountDownLatch stop = new CountDownLatch(1);
        try (Signals signals = Signals.calling(why -> stop.countDown());
                KafkaConnection kafka = KafkaConnection.open(settings);
                var service = Serve.start(settings, kafka, schedules, options)) {
            // one write: printf writes its pieces one by one, and the service's log lines (on
            // stderr, often the same file) would come between them
            System.out.print(
                    String.format(
                            "storagebench serve: http://%s:%d/ — %d schedule(s) from %s; stop with Ctrl-C or SIGTERM%n",
                            bind.contains(":") ? "[" + bind + "]" : bind,
                            Serve.port(service),
                            schedules.all().size(),
                            store.schedulesFile));
            schedules.all().stream()
                    .filter(s -> schedules.broken(s.name()).isPresent())
                    .forEach(
                            s ->
                                    System.err.println(
                                            "schedule "
                                                    + s.name()
                                                    + " is broken: "
                                                    + schedules.broken(s.name()).orElseThrow()));
            stop.await();
            // said of a run only when one is under way
            System.out.println(
                    service.getBean(RunningRuns.class).none()
                            ? "storagebench serve: stopping"
                            : "storagebench serve: stopping (the run under way stops its trial cleanly)");
        }
        System.out.println("storagebench serve: stopped");
        return 0;
    }

    /**
     * Fails in one line, before anything starts, where the dashboard could not listen on {@code
     * bind}:{@code port}: the port taken by another process, or an address not of this machine. (The
     * web server would fail later, with its own report of many lines.)
     */
    static void listenable(String bind, int port) {
        if (port == 0) {
            return;
        }
        InetSocketAddress address = new InetSocketAddress(bind, port);
        if (address.isUnresolved()) {
            throw new BadInputException("--bind " + bind + ": no such address");
        }
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(address);
        } catch (BindException e) {
            if (!String.valueOf(e.getMessage()).contains("in use")) {
                throw new BadInputException(
                        "--bind "
                                + bind
                                + ": cannot listen on this address ("
                                + e.getMessage()
                                + "); give an address of this machine");
            }
            throw new IllegalStateException(
                    "cannot listen on "
                            + bind
                            + ":"
                            + port
                            + " ("
                            + e.getMessage()
                            + "): another process may hold the port; stop it or give another --port"
                            + " (0: any free one)");
        } catch (IOException e) {
            throw new IllegalStateException(
                    "cannot listen on " + bind + ":" + port + ": " + e.getMessage());
        }
    }
}
