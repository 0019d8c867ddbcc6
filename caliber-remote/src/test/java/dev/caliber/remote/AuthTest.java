package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Credentials: named by environment variables, read when opened, never shown. */
class AuthTest {
  private static final Map<String, String> ENV = Map.of("OS_USER", "alice", "OS_PASSWORD", "s3cret", "ES_KEY", "a2V5", "EMPTY", "");

  @Test
  void should_build_each_header_from_the_named_variables() {
    assertThat(Auth.basic("OS_USER", "OS_PASSWORD").headers(ENV::get)).containsExactly(Map.entry("Authorization", "Basic YWxpY2U6czNjcmV0"));
    assertThat(Auth.apiKey("ES_KEY").headers(ENV::get)).containsExactly(Map.entry("Authorization", "ApiKey a2V5"));
    assertThat(Auth.bearer("ES_KEY").headers(ENV::get)).containsExactly(Map.entry("Authorization", "Bearer a2V5"));
    assertThat(Auth.none().headers(ENV::get)).isEmpty();
  }

  @Test
  void should_parse_the_command_line_forms() {
    assertThat(Auth.parse("basic:OS_USER:OS_PASSWORD")).isEqualTo(Auth.basic("OS_USER", "OS_PASSWORD"));
    assertThat(Auth.parse("api-key:ES_KEY")).isEqualTo(Auth.apiKey("ES_KEY"));
    assertThat(Auth.parse("bearer:ES_KEY")).isEqualTo(Auth.bearer("ES_KEY"));
    assertThat(Auth.parse("none")).isEqualTo(Auth.none());
    assertThatThrownBy(() -> Auth.parse("basic:alice:s3cret-but-a-bad-name!"))
        .hasMessageStartingWith("illegal environment variable name for basic auth's password: \"s3cret-but-a-bad-name!\"");
    assertThatThrownBy(() -> Auth.parse("token:X")).hasMessage("illegal auth: \"token:X\", must be none, basic:USER_VAR:PASSWORD_VAR,"
        + " api-key:VAR or bearer:VAR (names of environment variables)");
  }

  @Test
  void should_name_a_variable_that_is_unset_or_empty_and_never_show_a_secret() {
    assertThatThrownBy(() -> Auth.basic("OS_USER", "NOT_SET").headers(ENV::get))
        .hasMessage("environment variable NOT_SET (basic auth's password) is not set; set it, or choose another auth");
    assertThatThrownBy(() -> Auth.apiKey("EMPTY").headers(ENV::get))
        .hasMessage("environment variable EMPTY (the API key) is empty; set it, or choose another auth");
    assertThat(Auth.basic("OS_USER", "OS_PASSWORD").toString()).doesNotContain("s3cret").doesNotContain("alice");
  }
}
