package storagebench.cli;

import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import storagebench.BadInputException;
import storagebench.DataDir;
import storagebench.broker.BrokerFiles;
import storagebench.broker.BrokerMain;
import storagebench.broker.BrokerProcess;
import storagebench.config.Settings;

/** {@code storagebench broker}: the data directory's embedded broker process. */
@Command(
        name = "broker",
        mixinStandardHelpOptions = true,
        description = {
            "The embedded Kafka broker of a data directory: a process of its own, started by the first "
                    + "command that needs it and kept running for the next ones: until stopped, or for as"
                    + " long as the setting broker.idle-stop-seconds says once it is idle.",
            "Not used when kafka.bootstrap-servers names a cluster. 'broker cluster' runs a local"
                    + " cluster of several brokers."
        },
        subcommands = {
            BrokerCommand.Status.class,
            BrokerCommand.Start.class,
            BrokerCommand.Stop.class,
            BrokerCommand.Run.class,
            BrokerClusterCommand.class
        },
        footer = {
            "",
            "Examples:",
            "  storagebench broker status",
            "  storagebench broker stop",
            "  storagebench broker cluster start --dir /tmp/cluster"
        })
public final class BrokerCommand implements Runnable {
    @Spec CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(System.out);
    }

    static BrokerFiles files(Settings settings) {
        if (settings.bootstrapServers().isPresent()) {
            throw new BadInputException(
                    "kafka.bootstrap-servers is set ("
                            + settings.bootstrapServers().get()
                            + "): that cluster is not storagebench's to manage");
        }
        return BrokerFiles.of(settings.kafkaDir());
    }

    @Command(
            name = "status",
            mixinStandardHelpOptions = true,
            description =
                    "Whether the data directory's broker runs, its address and process id. Exit 0 when it "
                            + "answers, 1 when it does not.")
    static final class Status implements Callable<Integer> {
        @Mixin SettingsOptions options;

        @Override
        public Integer call() {
            BrokerFiles files = files(options.load());
            var address = BrokerProcess.answering(files);
            String pid = files.readPid().map(String::valueOf).orElse("?");
            if (address.isPresent()) {
                System.out.println(
                        "broker of "
                                + files.dir()
                                + ": running on "
                                + address.get()
                                + ", pid "
                                + pid);
                return 0;
            }
            System.out.println(
                    "broker of "
                            + files.dir()
                            + ": "
                            + (BrokerProcess.alive(files)
                                    ? "starting or not answering, pid " + pid
                                    : "not running"));
            return Main.FAILED;
        }
    }

    @Command(
            name = "start",
            mixinStandardHelpOptions = true,
            description =
                    "Starts the broker in the background (a no-op when it runs) and prints its address.")
    static final class Start implements Callable<Integer> {
        @Mixin SettingsOptions options;

        @Override
        public Integer call() {
            Settings settings = options.load();
            DataDir.prepare(settings.dataDir());
            String address = BrokerProcess.ensure(files(settings), settings.brokerIdleStop());
            System.out.println("broker of " + files(settings).dir() + ": running on " + address);
            return 0;
        }
    }

    @Command(
            name = "stop",
            mixinStandardHelpOptions = true,
            description =
                    "Stops the broker cleanly (SIGTERM; killed after 60 s). Commands still using it fail "
                            + "or wait for it as after any broker loss.")
    static final class Stop implements Callable<Integer> {
        @Mixin SettingsOptions options;

        @Override
        public Integer call() {
            BrokerFiles files = files(options.load());
            boolean was = BrokerProcess.stop(files, Duration.ofSeconds(60));
            System.out.println(
                    "broker of " + files.dir() + ": " + (was ? "stopped" : "was not running"));
            return 0;
        }
    }

    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            description = {
                "Runs the broker in the foreground until SIGTERM (for a service manager: systemd, a "
                        + "container).",
                "Exit 3 when the data directory's broker already runs."
            })
    static final class Run implements Callable<Integer> {
        @Mixin SettingsOptions options;

        @Override
        public Integer call() {
            Settings settings = options.load();
            DataDir.prepare(settings.dataDir());
            return BrokerMain.run(files(settings), settings.brokerIdleStop());
        }
    }
}
