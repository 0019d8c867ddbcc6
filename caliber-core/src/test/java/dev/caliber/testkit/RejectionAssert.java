package dev.caliber.testkit;

import static org.assertj.core.api.Assertions.catchThrowable;

import dev.caliber.error.CaliberInputException;
import dev.caliber.error.InputSyntaxException;
import dev.caliber.error.ProtocolViolationException;
import org.assertj.core.api.AbstractAssert;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/**
 * AssertJ assertions for caliber's input errors: the exception type (whose fault, what kind) and
 * the exact seed wording of its {@code reason()}, then optionally the detail and where.
 *
 * <pre>{@code
 * assertThatRejected(() -> evaluate(run("q2", "d3", "d3")))
 *     .isViolation(Violations.DUPLICATE_DOCUMENT)
 *     .hasDetail("query \"q2\": document \"d3\" at rank 2 repeats rank 1");
 * }</pre>
 */
public final class RejectionAssert extends AbstractAssert<RejectionAssert, Throwable> {
  private RejectionAssert(Throwable actual) {
    super(actual, RejectionAssert.class);
  }

  /** Runs {@code call} and asserts on what it threw; fails if it threw nothing. */
  public static RejectionAssert assertThatRejected(ThrowingCallable call) {
    Throwable thrown = catchThrowable(call);
    if (thrown == null) {
      throw new AssertionError("Expected the input to be rejected, but it was accepted");
    }
    return new RejectionAssert(thrown);
  }

  /** A {@link ProtocolViolationException} whose reason is exactly {@code reason}. */
  public RejectionAssert isViolation(String reason) {
    return isOfTypeWithReason(ProtocolViolationException.class, reason);
  }

  /** An {@link InputSyntaxException} whose reason is exactly {@code reason}. */
  public RejectionAssert isSyntaxError(String reason) {
    return isOfTypeWithReason(InputSyntaxException.class, reason);
  }

  private RejectionAssert isOfTypeWithReason(Class<? extends CaliberInputException> type, String reason) {
    isNotNull();
    if (!type.isInstance(actual)) {
      failWithMessage("Expected a %s with reason <%s> but got %s", type.getSimpleName(), reason, actual);
    }
    String got = ((CaliberInputException) actual).reason();
    if (!reason.equals(got)) {
      failWithMessage("Expected reason <%s> but was <%s> (message <%s>)", reason, got, actual.getMessage());
    }
    if (actual.getMessage() == null || !actual.getMessage().contains(reason)) {
      failWithMessage("Expected the message to contain the reason <%s> but was <%s>", reason, actual.getMessage());
    }
    return this;
  }

  /** The detail (bad value and expectation) is exactly {@code detail}. */
  public RejectionAssert hasDetail(String detail) {
    String got = input().detail();
    if (!detail.equals(got)) {
      failWithMessage("Expected detail <%s> but was <%s>", detail, got);
    }
    return this;
  }

  /** The whole message is exactly {@code message}. */
  public RejectionAssert hasMessage(String message) {
    if (!message.equals(actual.getMessage())) {
      failWithMessage("Expected message <%s> but was <%s>", message, actual.getMessage());
    }
    return this;
  }

  /** The location renders as {@code location} ({@code file:line:column: $.path}). */
  public RejectionAssert isAt(String location) {
    String got = input().location().toString();
    if (!location.equals(got)) {
      failWithMessage("Expected location <%s> but was <%s>", location, got);
    }
    return this;
  }

  /** The location's JSON path is {@code path}. */
  public RejectionAssert isAtPath(String path) {
    String got = input().location().path();
    if (!path.equals(got)) {
      failWithMessage("Expected JSON path <%s> but was <%s>", path, got);
    }
    return this;
  }

  private CaliberInputException input() {
    isNotNull();
    if (!(actual instanceof CaliberInputException)) {
      failWithMessage("Expected a CaliberInputException but got %s", actual);
    }
    return (CaliberInputException) actual;
  }
}
