package dev.caliber.assertj;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BaselineExtension.class)
class BaselineExtensionTest {
  @Test
  void should_keep_each_test_methods_baseline_under_test_resources(Baseline baseline) {
    assertThat(baseline.file()).isEqualTo(Path.of(BaselineExtension.DEFAULT_DIRECTORY, "BaselineExtensionTest",
        "should_keep_each_test_methods_baseline_under_test_resources.json"));
  }
}
