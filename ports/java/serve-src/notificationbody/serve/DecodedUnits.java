package notificationbody.serve;

/**
 * Counts the UTF-16 units that the bytes of a request line decode to, as
 * {@code new String(bytes, UTF_8)} decodes the whole line, without keeping
 * the bytes: an error answer says "at character N" in units of that decoded
 * line, as serve said when it decoded every line whole.
 *
 * <p>The JDK reads ill-formed UTF-8 its own way, not as the Unicode
 * Standard recommends: after a lead byte it takes each continuation byte
 * that may follow (for E0 only A0–BF second, for F0 only 90–BF, for F4 only
 * 80–8F, but for ED any, so {@code ED A0 80} is one U+FFFD), and makes the
 * whole run one character, or one U+FFFD when the run is cut short or names
 * a surrogate; any other byte from 80 up is one U+FFFD. It never takes a byte
 * below 80 into a run. So only bytes from 80 up are counted here, and a count
 * is right before any byte below 80 and at the start of a line, which is
 * where every error of a request line stands (a test checks the count
 * against the JDK's decoder).
 */
final class DecodedUnits {
  /** How many bytes so far decode to no unit of their own: continuation bytes, less pairs' low halves. */
  private long shortfall;

  /** Where the next continuation byte of the open run would stand; -1 when no run is open. */
  private long continuationAt = -1;

  /** How many more continuation bytes the open run may take. */
  private int continuations;

  /** The range of the next continuation byte. */
  private int lowest;

  private int highest;

  /** Whether the open run is a four-byte sequence, two units when whole. */
  private boolean pair;

  /** Forgets the line: the next byte starts a line. */
  void reset() {
    shortfall = 0;
    continuationAt = -1;
    continuations = 0;
  }

  /**
   * Counts one byte from 80 up.
   *
   * @param unit the byte, from 0x80 to 0xFF
   * @param offset where it stands in the line, in bytes
   */
  void add(int unit, long offset) {
    if (offset == continuationAt && unit >= lowest && unit <= highest) {
      shortfall++;
      lowest = 0x80;
      highest = 0xBF;
      if (--continuations == 0) {
        continuationAt = -1;
        if (pair) {
          shortfall--;
        }
      } else {
        continuationAt++;
      }
      return;
    }
    // A new run (or a lone U+FFFD): one unit, counted as the byte itself.
    lowest = 0x80;
    highest = 0xBF;
    pair = false;
    if (unit >= 0xC2 && unit <= 0xDF) {
      continuations = 1;
    } else if (unit >= 0xE0 && unit <= 0xEF) {
      continuations = 2;
      if (unit == 0xE0) {
        lowest = 0xA0;
      }
    } else if (unit >= 0xF0 && unit <= 0xF4) {
      continuations = 3;
      pair = true;
      if (unit == 0xF0) {
        lowest = 0x90;
      } else if (unit == 0xF4) {
        highest = 0x8F;
      }
    } else {
      continuations = 0;
    }
    continuationAt = continuations > 0 ? offset + 1 : -1;
  }

  /**
   * The units that the line's bytes before {@code offset} decode to.
   *
   * @param offset a byte offset in the line at its start or at a byte below 0x80, every byte from
   *     0x80 up before it counted with {@link #add}
   * @return the units before it
   */
  long unitsBefore(long offset) {
    return offset - shortfall;
  }
}
