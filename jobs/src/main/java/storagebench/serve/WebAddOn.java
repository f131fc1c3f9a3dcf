package storagebench.serve;

import storagebench.BadInputException;

/**
 * The web add-on: serve's web server, Spring MVC, Thymeleaf and Spring Security, in the folder
 * {@code addons/web} beside the application jar rather than in it (every other command runs without
 * them). This class refers to none of them, so that a command can ask before it starts the service.
 */
public final class WebAddOn {
    /** A class of each part the dashboard needs: the server, MVC, the templates, security. */
    private static final String[] PARTS = {
        "org.apache.catalina.startup.Tomcat",
        "org.springframework.web.servlet.DispatcherServlet",
        "org.thymeleaf.spring6.SpringTemplateEngine",
        "org.springframework.security.web.SecurityFilterChain"
    };

    private WebAddOn() {}

    /**
     * @param command the command that needs it, as the user typed it ({@code serve})
     * @throws BadInputException when a part is missing: naming the add-on and how to add it
     */
    public static void require(String command) {
        require(WebAddOn.class.getClassLoader(), command);
    }

    static void require(ClassLoader loader, String command) {
        if (!present(loader)) {
            throw new BadInputException(
                    command
                            + " needs the web add-on: the jars of addons/web beside the application"
                            + " jar (jobs/target/addons/web, built with it). ./storagebench puts them"
                            + " on the class path when they are there; with java -jar, set LOADER_PATH"
                            + " to that folder (folders separated by commas)");
        }
    }

    /** Whether every part is on {@code loader}'s class path. */
    static boolean present(ClassLoader loader) {
        for (String part : PARTS) {
            try {
                Class.forName(part, false, loader);
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }
        return true;
    }
}
