import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import app.buzz.notificationbody.NotificationBody;

/**
 * The Java port timed on the ports benchmark's class files: one line per
 * class, as PortsBenchmark.swift describes. Usage: java PortsTime folder
 */
public final class PortsTime {
  private static final String[] CLASSES = {"short", "typical", "16KB-limit-256", "16KB-limit-4096"};
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  public static void main(String[] arguments) throws Exception {
    for (String name : CLASSES) {
      byte[] data = Files.readAllBytes(Paths.get(arguments[0], name + ".msgs"));
      int at = indexOf(data, 0);
      long limit = Long.parseLong(new String(data, 6, at - 6, StandardCharsets.US_ASCII));
      List<String> messages = new ArrayList<>();
      at += 1;
      while (at < data.length) {
        int line = indexOf(data, at);
        int count = Integer.parseInt(new String(data, at, line - at, StandardCharsets.US_ASCII));
        messages.add(new String(data, line + 1, count, StandardCharsets.UTF_8));
        at = line + 1 + count;
      }
      // Warm-up: C2 compiles the hot paths within a few passes.
      long warm = cpu();
      while (cpu() - warm < 1_000_000_000L) pass(messages, limit);
      long units = 0;
      long passes = 0;
      long cpuStart = cpu();
      long wallStart = System.nanoTime();
      do {
        units = pass(messages, limit);
        passes += 1;
      } while (cpu() - cpuStart < 500_000_000L);
      double calls = (double) passes * messages.size();
      System.out.printf(
          "%s %.1f %.1f %d%n",
          name, (cpu() - cpuStart) / calls, (System.nanoTime() - wallStart) / calls, units);
    }
  }

  private static long pass(List<String> messages, long limit) {
    long units = 0;
    for (String message : messages) units += NotificationBody.make(message, limit).length();
    return units;
  }

  private static long cpu() {
    return THREADS.getCurrentThreadCpuTime();
  }

  private static int indexOf(byte[] data, int from) {
    for (int at = from; at < data.length; at++) if (data[at] == '\n') return at;
    return data.length;
  }
}
