package storagebench.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** Which package may use which: the direction of dependencies and where each third-party library lives. */
@AnalyzeClasses(packages = "storagebench", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest
    static final ArchRule nothingBelowTheCommandLineUsesIt =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.cli..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("storagebench.cli..");

    @ArchTest
    static final ArchRule theRunnerNeverWritesTheDataset =
            noClasses()
                    .that()
                    .resideInAPackage("storagebench.runner..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("storagebench.sink..");

    @ArchTest
    static final ArchRule theSinkKnowsNoWorkloadOrRunner =
            noClasses()
                    .that()
                    .resideInAPackage("storagebench.sink..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("storagebench.workload..", "storagebench.runner..");

    @ArchTest
    static final ArchRule parquetOnlyInTheSink =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.sink..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("org.apache.parquet..");

    /** SQL Server's restore still reads the driver's progress messages itself: it moves with the target kinds. */
    @ArchTest
    static final ArchRule jdbcDriversOnlyInTheTargets =
            noClasses()
                    .that()
                    .resideOutsideOfPackages(
                            "storagebench.dbms..", "storagebench.workload.restore..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "org.postgresql..",
                            "org.firebirdsql..",
                            "com.microsoft.sqlserver..",
                            "org.h2..");

    /**
     * Hadoop's FileSystem API (HDFS, S3A) and the AWS SDK belong to the package that owns where the
     * dataset is kept; the sink and the readers reach them through its store.
     */
    @ArchTest
    static final ArchRule hadoopOnlyInTheStorage =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.storage..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("org.apache.hadoop..", "software.amazon..");

    @ArchTest
    static final ArchRule duckDbOnlyInTheReport =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.report..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("org.duckdb..");

    @ArchTest
    static final ArchRule picocliOnlyInTheCommandLine =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.cli..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("picocli..");

    @ArchTest
    static final ArchRule kafkaServerOnlyInTheBroker =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.broker..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "kafka..", "org.apache.kafka.server..", "org.apache.kafka.metadata..");

    @ArchTest
    static final ArchRule jfreeChartOnlyInTheHtmlReport =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.html..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("org.jfree..");

    /** ECharts is a resource, not classes: what uses it names its file, a string in the class file. */
    @ArchTest
    static final ArchRule echartsOnlyInTheHtmlReport =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.html..")
                    .should(ClassFileText.mention(ClassFileText.ECHARTS));

    /** Proves the rule above can see a mention at all: the page's resources class has one. */
    @ArchTest
    static final ArchRule theHtmlReportInlinesEcharts =
            classes()
                    .that()
                    .haveFullyQualifiedName("storagebench.html.Resources")
                    .should(ClassFileText.mention(ClassFileText.ECHARTS));

    /** Quartz stays with the schedules; the service only holds the scheduler the schedules give it. */
    @ArchTest
    static final ArchRule quartzOnlyInTheSchedulesAndTheService =
            noClasses()
                    .that()
                    .resideOutsideOfPackages("storagebench.schedule..", "storagebench.serve..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("org.quartz..");

    /** The web (Spring MVC, Spring Security, Thymeleaf, the servlet API) is the service's alone. */
    @ArchTest
    static final ArchRule theWebOnlyInTheService =
            noClasses()
                    .that()
                    .resideOutsideOfPackage("storagebench.serve..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "org.springframework.web..",
                            "org.springframework.security..",
                            "org.thymeleaf..",
                            "jakarta.servlet..");

    /** Selenium is a test dependency: the application never drives a browser. */
    @ArchTest
    static final ArchRule seleniumOnlyInTests =
            noClasses().should().dependOnClassesThat().resideInAPackage("org.openqa.selenium..");

    @ArchTest static final ArchRule layersInOneDirection = Layers.under("storagebench");

    /**
     * No two packages import each other, at any depth: each package is a slice of its own, so a
     * registry that names its sub-packages' classes while they name it back is a cycle too.
     */
    static ArchRule noCyclesBelow(String root) {
        return slices().matching(root + ".(**)").should().beFreeOfCycles();
    }

    @ArchTest static final ArchRule noPackageCycles = noCyclesBelow("storagebench");
}
