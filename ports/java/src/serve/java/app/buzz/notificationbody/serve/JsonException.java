package app.buzz.notificationbody.serve;

/** JSON text that {@link JsonReader} refuses, and where. */
public final class JsonException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  JsonException(String message) {
    super(message);
  }
}
