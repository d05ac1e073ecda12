package app.buzz.notificationbody;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A scalar's grapheme cluster properties, read from the generated table
 * {@link GraphemeBreakProperty#RANGES}: Grapheme_Cluster_Break in the low
 * four bits, Extended_Pictographic in bit 4, Indic_Conjunct_Break in bits 5
 * and 6 (the table's own packing).
 *
 * <p>The ranges are decoded once, when the class is initialized, into a
 * two-stage table: every block of 256 scalars names one of the distinct
 * blocks' properties. Both stages are constants, never written afterwards;
 * a lookup is two array reads.
 */
final class ScalarProperties {
  private ScalarProperties() {}

  /** Grapheme_Cluster_Break's bits of a scalar's properties. */
  static final int CLUSTER_BREAK_MASK = 0x0F;

  /** Indic_Conjunct_Break's bits of a scalar's properties. */
  static final int CONJUNCT_MASK = 0x60;

  private static final int BLOCK_BITS = 8;
  private static final int BLOCK_SIZE = 1 << BLOCK_BITS;
  private static final int SCALARS = 0x110000;

  /** Stage 1: for each block of 256 scalars, where its properties start in {@link #PROPERTIES}. */
  private static final int[] BLOCKS = new int[SCALARS >> BLOCK_BITS];

  /** Stage 2: the distinct blocks' properties, one byte a scalar. */
  private static final byte[] PROPERTIES = decode(BLOCKS);

  /**
   * The properties of a scalar (or of a lone surrogate's code point, which
   * the table gives Grapheme_Cluster_Break=Other, as Unicode's data does).
   *
   * @param scalar a code point, U+0000 to U+10FFFF
   * @return its packed properties
   */
  static int of(int scalar) {
    return PROPERTIES[BLOCKS[scalar >>> BLOCK_BITS] + (scalar & (BLOCK_SIZE - 1))];
  }

  /** Fills {@code blocks} and returns the distinct blocks' properties. */
  private static byte[] decode(int[] blocks) {
    int[] ranges = GraphemeBreakProperty.RANGES;
    // Most blocks hold one range: they are found by their one value. The
    // others are compared whole.
    int[] uniform = new int[0x80];
    Arrays.fill(uniform, -1);
    Map<String, Integer> mixed = new HashMap<>();
    byte[] properties = new byte[BLOCK_SIZE * 64];
    int used = 0;
    int range = 0;
    char[] block = new char[BLOCK_SIZE];
    for (int index = 0; index < blocks.length; index++) {
      int first = index << BLOCK_BITS;
      while (range + 1 < ranges.length && (ranges[range + 1] >>> 8) <= first) {
        range++;
      }
      int value = ranges[range] & 0xFF;
      boolean isUniform = range + 1 == ranges.length || (ranges[range + 1] >>> 8) >= first + BLOCK_SIZE;
      String key = null;
      Integer start;
      if (isUniform) {
        start = uniform[value] >= 0 ? uniform[value] : null;
        Arrays.fill(block, (char) value);
      } else {
        int offset = 0;
        int part = range;
        while (offset < BLOCK_SIZE) {
          while (part + 1 < ranges.length && (ranges[part + 1] >>> 8) <= first + offset) {
            part++;
          }
          int next = part + 1 < ranges.length ? (ranges[part + 1] >>> 8) - first : BLOCK_SIZE;
          int end = Math.min(next, BLOCK_SIZE);
          Arrays.fill(block, offset, end, (char) (ranges[part] & 0xFF));
          offset = end;
        }
        key = new String(block);
        start = mixed.get(key);
      }
      if (start == null) {
        if (used + BLOCK_SIZE > properties.length) {
          properties = Arrays.copyOf(properties, properties.length * 2);
        }
        for (int scalar = 0; scalar < BLOCK_SIZE; scalar++) {
          properties[used + scalar] = (byte) block[scalar];
        }
        start = used;
        if (isUniform) {
          uniform[value] = start;
        } else {
          mixed.put(key, start);
        }
        used += BLOCK_SIZE;
      }
      blocks[index] = start;
    }
    return Arrays.copyOf(properties, used);
  }
}
