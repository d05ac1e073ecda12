package app.buzz.notificationbody.serve;

import java.math.BigInteger;

/** A JSON number, kept as written: readers differ on what else it could be. */
public final class JsonNumber {
  private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);
  private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);

  private final String text;
  private final boolean integer;

  JsonNumber(String text, boolean integer) {
    this.text = text;
    this.integer = integer;
  }

  /**
   * Whether it is written as digits only (with an optional minus), not as
   * {@code 300.0} or {@code 1e3}.
   *
   * @return whether it is an integer
   */
  public boolean isInteger() {
    return integer;
  }

  /**
   * The integer's value, a value beyond a {@code long} read as
   * {@link Long#MAX_VALUE} (or {@link Long#MIN_VALUE} when negative).
   *
   * @return its value, saturated
   * @throws IllegalStateException when it is not an integer
   */
  public long saturatedLongValue() {
    if (!integer) {
      throw new IllegalStateException(text + " is not an integer");
    }
    if (text.length() <= 18) {
      return Long.parseLong(text);
    }
    BigInteger value = new BigInteger(text);
    return value.max(LONG_MIN).min(LONG_MAX).longValue();
  }

  @Override
  public String toString() {
    return text;
  }
}
