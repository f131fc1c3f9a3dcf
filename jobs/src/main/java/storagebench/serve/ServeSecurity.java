package storagebench.serve;

import java.security.SecureRandom;
import java.util.HexFormat;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * Pages are open to read; actions are POSTs with a CSRF token from the page. When the service listens
 * beyond loopback, actions also need a session that gave the serve token on the login page (a wrong
 * token is refused). The token is kept only as a hash.
 */
@Configuration(proxyBeanMethods = false)
class ServeSecurity {
    static final String OPERATOR = "operator";

    @Bean
    SecurityFilterChain serveFilterChain(HttpSecurity http, ServeOptions options) throws Exception {
        http.authorizeHttpRequests(
                requests -> {
                    if (options.tokenRequired()) {
                        requests.requestMatchers(HttpMethod.POST, "/schedules/**").authenticated();
                    }
                    requests.anyRequest().permitAll();
                });
        http.csrf(Customizer.withDefaults());
        http.httpBasic(AbstractHttpConfigurer::disable);
        if (options.tokenRequired()) {
            http.formLogin(
                    login ->
                            login.loginPage("/login")
                                    .usernameParameter("operator")
                                    .passwordParameter("token")
                                    .defaultSuccessUrl("/", true)
                                    .failureUrl("/login?refused")
                                    .permitAll());
        } else {
            http.formLogin(AbstractHttpConfigurer::disable);
        }
        return http.build();
    }

    @Bean
    PasswordEncoder passwordEncoder() {
        return PasswordEncoderFactories.createDelegatingPasswordEncoder();
    }

    /** The one operator, whose password is the serve token (a random one when none is needed). */
    @Bean
    UserDetailsService operators(ServeOptions options, PasswordEncoder encoder) {
        String token =
                options.token()
                        .orElseGet(
                                () -> {
                                    byte[] random = new byte[32];
                                    new SecureRandom().nextBytes(random);
                                    return HexFormat.of().formatHex(random);
                                });
        return new InMemoryUserDetailsManager(
                User.withUsername(OPERATOR)
                        .password(encoder.encode(token))
                        .roles("OPERATOR")
                        .build());
    }
}
