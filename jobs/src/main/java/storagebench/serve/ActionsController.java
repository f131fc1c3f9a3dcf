package storagebench.serve;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import storagebench.BadInputException;
import storagebench.schedule.ScheduleControl;

/**
 * The dashboard's buttons: pause, resume, trigger now. POST only, with the page's CSRF token (and, when
 * the service listens beyond loopback, a session that gave the serve token); each answer goes back to
 * the dashboard as a one-line notice.
 */
@Controller
final class ActionsController {
    private static final Logger log = LoggerFactory.getLogger(ActionsController.class);

    private final ScheduleControl control;

    ActionsController(ScheduleControl control) {
        this.control = control;
    }

    @PostMapping("/schedules/{name}/pause")
    String pause(@PathVariable String name, RedirectAttributes notice) {
        return act(name, "paused", () -> control.pause(name), notice);
    }

    @PostMapping("/schedules/{name}/resume")
    String resume(@PathVariable String name, RedirectAttributes notice) {
        return act(name, "resumed", () -> control.resume(name), notice);
    }

    @PostMapping("/schedules/{name}/trigger")
    String trigger(@PathVariable String name, RedirectAttributes notice) {
        return act(name, "fired now", () -> control.trigger(name), notice);
    }

    private static String act(
            String name, String done, Runnable action, RedirectAttributes notice) {
        try {
            action.run();
            log.info("schedule {} {} from the dashboard", name, done);
            notice.addFlashAttribute("notice", "schedule " + name + " " + done);
        } catch (BadInputException e) {
            notice.addFlashAttribute("notice", e.getMessage());
        }
        return "redirect:/";
    }
}
