package app.buzz.notificationbody;

/**
 * A scalar's grapheme cluster properties, read from the generated table
 * {@link GraphemeBreakProperty#RANGES}: Grapheme_Cluster_Break in the low
 * four bits, Extended_Pictographic in bit 4, Indic_Conjunct_Break in bits 5
 * and 6 (the table's own packing).
 *
 * <p>The lookup uses the table as it is generated: a binary search over its
 * sorted ranges (about a dozen steps), with the scalars below U+0300 read
 * from a byte each. Class initialization decodes nothing but those 768
 * bytes. A body looks up only the scalars around its cuts (R1, R12), so the
 * search costs it little.
 */
final class ScalarProperties {
  private ScalarProperties() {}

  /** The scalars read from {@link #DIRECT}: U+0000 to U+02FF (Latin, their marks). */
  private static final int DIRECT_SCALARS = 0x300;

  /** The properties of the scalars below {@link #DIRECT_SCALARS}, one byte each. */
  private static final byte[] DIRECT = direct();

  /**
   * The properties of a scalar (or of a lone surrogate's code point, which
   * the table gives Grapheme_Cluster_Break=Other, as Unicode's data does).
   *
   * @param scalar a code point, U+0000 to U+10FFFF
   * @return its packed properties
   */
  static int of(int scalar) {
    if (scalar < DIRECT_SCALARS) {
      return DIRECT[scalar];
    }
    // The last range whose start is at or before the scalar: entries are
    // `start << 8 | properties`, so it is the last entry at or below this key.
    int[] ranges = GraphemeBreakProperty.RANGES;
    int key = scalar << 8 | 0xFF;
    int low = 0;
    int high = ranges.length - 1;
    while (low < high) {
      int middle = (low + high + 1) >>> 1;
      if (ranges[middle] <= key) {
        low = middle;
      } else {
        high = middle - 1;
      }
    }
    return ranges[low] & 0xFF;
  }

  private static byte[] direct() {
    int[] ranges = GraphemeBreakProperty.RANGES;
    byte[] properties = new byte[DIRECT_SCALARS];
    for (int range = 0; range < ranges.length && (ranges[range] >>> 8) < DIRECT_SCALARS; range++) {
      int end = range + 1 < ranges.length ? Math.min(ranges[range + 1] >>> 8, DIRECT_SCALARS) : DIRECT_SCALARS;
      for (int scalar = ranges[range] >>> 8; scalar < end; scalar++) {
        properties[scalar] = (byte) ranges[range];
      }
    }
    return properties;
  }
}
