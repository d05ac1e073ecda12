package notificationbody.serve;

/**
 * What {@link RequestReader} kept of one request line: whether it is JSON,
 * whether it is an object, and its top-level {@code "input"} and
 * {@code "limit"} members, each as the last occurrence of its key wrote it.
 * {@link Serve} judges it in the order it always has.
 */
final class Request {
  /** A member that is there but is not of its kind: an input that is not a string, a limit that is not a number. */
  static final Object OTHER_VALUE = new Object();

  /** Why the line is not one JSON value, in {@link JsonReader}'s words; null when it is one. */
  final String jsonError;

  /** Whether the value is an object. */
  final boolean isObject;

  /**
   * The input: null when there is none, {@link #OTHER_VALUE}, or a
   * {@link String}, cut {@link RequestReader#KEPT_INPUT_BYTES} bytes of JSON
   * text into a longer one.
   */
  final Object input;

  /** The limit: null when there is none, {@link #OTHER_VALUE}, or a {@link JsonNumber}. */
  final Object limit;

  Request(String jsonError, boolean isObject, Object input, Object limit) {
    this.jsonError = jsonError;
    this.isObject = isObject;
    this.input = input;
    this.limit = limit;
  }
}
