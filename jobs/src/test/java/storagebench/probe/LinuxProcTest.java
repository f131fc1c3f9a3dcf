package storagebench.probe;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LinuxProcTest {
    private static final String X86_CPUINFO =
            """
            processor\t: 0
            vendor_id\t: GenuineIntel
            cpu family\t: 6
            model\t\t: 79
            model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz
            stepping\t: 1

            processor\t: 1
            vendor_id\t: GenuineIntel
            model name\t: Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz
            """;

    private static final String ARM_CPUINFO =
            """
            processor\t: 0
            BogoMIPS\t: 50.00
            Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics
            CPU implementer\t: 0x41
            CPU part\t: 0xd0c
            """;

    private static final String MEMINFO =
            """
            MemTotal:       24684096 kB
            MemFree:        10123456 kB
            MemAvailable:   20123456 kB
            """;

    @Test
    void cpuModelIsTheFirstModelName() {
        // given the cpuinfo of a two-processor x86 machine and of an ARM machine

        // when
        String x86 = LinuxProc.cpuModel(X86_CPUINFO);
        String arm = LinuxProc.cpuModel(ARM_CPUINFO);

        // then
        assertThat(x86).isEqualTo("Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz");
        assertThat(arm).isNull();
        assertThat(LinuxProc.cpuModel(null)).isNull();
    }

    @Test
    void memTotalIsInBytes() {
        // given MEMINFO

        // when
        Long bytes = LinuxProc.memTotalBytes(MEMINFO);

        // then kB in /proc/meminfo are kibibytes
        assertThat(bytes).isEqualTo(24684096L * 1024);
        assertThat(LinuxProc.memTotalBytes("MemFree: 1 kB\n")).isNull();
        assertThat(LinuxProc.memTotalBytes("MemTotal: lots kB\n")).isNull();
        assertThat(LinuxProc.memTotalBytes(null)).isNull();
    }

    @Test
    void oneValueFiles() {
        // given the contents of scaling_governor, queue/scheduler and queue/rotational

        // when / then
        assertThat(LinuxProc.firstLine("performance\n")).isEqualTo("performance");
        assertThat(LinuxProc.firstLine("\n")).isNull();
        assertThat(LinuxProc.firstLine(null)).isNull();
        assertThat(LinuxProc.activeScheduler("none [mq-deadline] kyber bfq \n"))
                .isEqualTo("mq-deadline");
        assertThat(LinuxProc.activeScheduler("none\n")).isEqualTo("none");
        assertThat(LinuxProc.rotational("1\n")).isTrue();
        assertThat(LinuxProc.rotational("0\n")).isFalse();
        assertThat(LinuxProc.rotational("")).isNull();
    }
}
