package dev.caliber.assertj;

import java.lang.reflect.Method;
import java.nio.file.Path;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a JUnit 5 test method a {@link Baseline} parameter kept at {@code
 * src/test/resources/caliber-baselines/CLASS/METHOD.json} (the directory may be moved with the
 * system property {@value #DIRECTORY}), so that each test keeps its own baseline beside its code:
 *
 * <pre>{@code
 * @ExtendWith(BaselineExtension.class)
 * class RetrieverTest {
 *   @Test
 *   void bm25_keeps_its_ndcg(Baseline baseline) {
 *     baseline.check(evaluateMyRetriever(), "nDCG@10");
 *   }
 * }
 * }</pre>
 */
public final class BaselineExtension implements ParameterResolver {
  /** The system property naming the directory baselines are kept in. */
  public static final String DIRECTORY = "caliber.baseline.dir";
  /** Where baselines are kept unless {@value #DIRECTORY} says otherwise (relative to the build's directory). */
  public static final String DEFAULT_DIRECTORY = "src/test/resources/caliber-baselines";

  /** Made by JUnit. */
  public BaselineExtension() {}

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Baseline.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    String cls = context.getRequiredTestClass().getSimpleName();
    String method = context.getTestMethod().map(Method::getName).orElse("baseline");
    return Baseline.at(directory().resolve(cls).resolve(method + ".json"));
  }

  /**
   * Where baselines are kept: {@value #DIRECTORY} if set, else {@link #DEFAULT_DIRECTORY}.
   *
   * @return the directory
   */
  public static Path directory() {
    return Path.of(System.getProperty(DIRECTORY, DEFAULT_DIRECTORY));
  }
}
