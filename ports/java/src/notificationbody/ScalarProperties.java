package notificationbody;

/**
 * A scalar's grapheme cluster properties, read from the generated table
 * {@link GraphemeBreakProperty#RANGES}: Grapheme_Cluster_Break in the low
 * four bits, Extended_Pictographic in bit 4, Indic_Conjunct_Break in bits 5
 * and 6 (the table's own packing).
 */
final class ScalarProperties {
  private ScalarProperties() {}

  /** Grapheme_Cluster_Break's bits of a scalar's properties. */
  static final int CLUSTER_BREAK_MASK = 0x0F;

  /** Indic_Conjunct_Break's bits of a scalar's properties. */
  static final int CONJUNCT_MASK = 0x60;

  /**
   * The properties of every scalar below U+10000, decoded from the ranges
   * once (a constant: never written after the class is initialized), so
   * most text is looked up by index rather than by a search.
   */
  private static final byte[] BASIC_PLANE = basicPlane();

  /**
   * The properties of a scalar (or of a lone surrogate's code point, which
   * the table gives Grapheme_Cluster_Break=Control).
   *
   * @param scalar a code point, U+0000 to U+10FFFF
   * @return its packed properties
   */
  static int of(int scalar) {
    return scalar < 0x10000 ? BASIC_PLANE[scalar] : search(scalar);
  }

  /** The entry of the last range that starts at or before {@code scalar}. */
  private static int search(int scalar) {
    int[] ranges = GraphemeBreakProperty.RANGES;
    int low = 0;
    int high = ranges.length - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if ((ranges[middle] >>> 8) <= scalar) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return ranges[low] & 0xFF;
  }

  private static byte[] basicPlane() {
    int[] ranges = GraphemeBreakProperty.RANGES;
    byte[] table = new byte[0x10000];
    for (int index = 0; index < ranges.length; index++) {
      int start = ranges[index] >>> 8;
      if (start >= 0x10000) {
        break;
      }
      int end = index + 1 < ranges.length ? Math.min(ranges[index + 1] >>> 8, 0x10000) : 0x10000;
      java.util.Arrays.fill(table, start, end, (byte) (ranges[index] & 0xFF));
    }
    return table;
  }
}
