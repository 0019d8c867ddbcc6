package dev.caliber.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class HttpOptionsTest {

  @Test
  void should_default_to_four_requests_three_retries_and_bounded_waits() {
    HttpOptions o = HttpOptions.defaults();
    assertThat(o.maxConcurrent()).isEqualTo(4);
    assertThat(o.maxRetries()).isEqualTo(3);
    assertThat(o.connectTimeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(o.requestTimeout()).isEqualTo(Duration.ofSeconds(30));
    assertThat(o.withMaxConcurrent(8).maxConcurrent()).isEqualTo(8);
  }

  @Test
  void should_refuse_each_option_out_of_range_naming_it() {
    HttpOptions o = HttpOptions.defaults();
    assertThatThrownBy(() -> o.withMaxConcurrent(0)).hasMessage("illegal max concurrent requests: 0, must be from 1 to 256");
    assertThatThrownBy(() -> o.withRetries(-1, Duration.ofMillis(1), Duration.ofMillis(1)))
        .hasMessage("illegal max retries: -1, must be from 0 to 20");
    assertThatThrownBy(() -> o.withTimeouts(Duration.ZERO, Duration.ofSeconds(1)))
        .hasMessage("illegal connect timeout: PT0S, must be a positive duration");
    assertThatThrownBy(() -> o.withRetries(1, Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .hasMessage("illegal max backoff: PT1S, must be at least the initial backoff PT2S");
  }
}
