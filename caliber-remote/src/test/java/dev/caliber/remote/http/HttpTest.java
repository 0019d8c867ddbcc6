package dev.caliber.remote.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What is retried and how long the waits are. */
class HttpTest {
  private final Http http = new Http(Duration.ofSeconds(1), Duration.ofSeconds(1), 1, 3, Duration.ofMillis(250), Duration.ofSeconds(5), Map.of());

  @Test
  void should_retry_only_429_and_503() {
    assertThat(Http.shouldRetry(429)).isTrue();
    assertThat(Http.shouldRetry(503)).isTrue();
    for (int status : new int[] {200, 400, 404, 500, 502, 504}) {
      assertThat(Http.shouldRetry(status)).as("status %d", status).isFalse();
    }
  }

  @Test
  void should_double_the_wait_up_to_the_most_and_take_a_longer_retry_after() {
    assertThat(http.backoff(1, OptionalLong.empty())).isEqualTo(Duration.ofMillis(250));
    assertThat(http.backoff(2, OptionalLong.empty())).isEqualTo(Duration.ofMillis(500));
    assertThat(http.backoff(3, OptionalLong.empty())).isEqualTo(Duration.ofSeconds(1));
    assertThat(http.backoff(10, OptionalLong.empty())).isEqualTo(Duration.ofSeconds(5));
    assertThat(http.backoff(1, OptionalLong.of(2))).isEqualTo(Duration.ofSeconds(2));
    assertThat(http.backoff(1, OptionalLong.of(3600))).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void json_problems_and_bodies_are_cut_to_one_line() {
    assertThat(Json.oneLine("a\n  b\tc", 100)).isEqualTo("a b c");
    assertThat(Json.oneLine("x".repeat(10), 4)).isEqualTo("xxxx...");
  }
}
