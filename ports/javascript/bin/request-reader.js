// One request line of docs/against-protocol.md, read a chunk at a time by a
// byte-level state machine that keeps only what the answer depends on, so
// `serve` costs the same for a line of 50 MB as for one of 50 bytes.
//
// The body reads at most the message's first 4096 units and the character
// straddling unit 4096, at most 12,293 UTF-8 bytes (docs/contract.md, R1),
// so the reader keeps the start of the "input" string and the "limit"
// token, and checks the rest of the line without keeping it.

/**
 * The most bytes of the "input" string's JSON text kept: 6 × 64 KiB, so
 * that even when every character is a six-byte `\uXXXX` escape, 64 KiB of
 * text are kept, far past R1's 12,293 bytes.
 */
export const KEPT_INPUT_BYTES = 393_216;

/** The most bytes of the "limit" token kept; a longer one is a bad limit. */
export const KEPT_LIMIT_BYTES = 64;

/**
 * The most bytes of a key kept: "input" or "limit" with every letter a
 * six-byte escape is 30 bytes, so a longer key is neither.
 */
const KEPT_KEY_BYTES = 30;

/**
 * The depth to which containers are told apart as objects and arrays (a
 * byte each). Deeper ones are only counted, since memory must not grow with
 * the line (a line of 50 MB of "[" costs a number): there a "]" may close a
 * "{" and a member need not have a key. No request nests so deep.
 */
export const TRACKED_DEPTH = 4096;

// States: what the next byte may be.
const VALUE = 0; // a value, after ":" or an array's ",", or the line's
const ARRAY_FIRST = 1; // a value or "]", after "["
const OBJECT_FIRST = 2; // a key or "}", after "{"
const KEY = 3; // a key, after an object's ","
const COLON = 4;
const AFTER_VALUE = 5; // "," or the container's closer; at depth 0, only space
const STRING = 6;
const ESCAPE = 7; // after "\" in a string
const UNICODE = 8; // in the hex digits of "\u"
const MINUS = 9; // numbers: after "-"
const ZERO = 10; // a leading 0
const INTEGER = 11;
const POINT = 12;
const FRACTION = 13;
const EXPONENT = 14; // after "e" or "E"
const EXPONENT_SIGN = 15;
const EXPONENT_DIGITS = 16;
const LITERAL = 17; // in true, false or null
const LOOSE = 18; // deeper than TRACKED_DEPTH
const NOT_JSON = 19; // a syntax error: the rest of the line is not read

// What a string's bytes are kept for.
const KEEP_NONE = 0;
const KEEP_KEY = 1;
const KEEP_INPUT = 2;

// What the value of the line's object after the current key is.
const SLOT_OTHER = 0;
const SLOT_INPUT = 1;
const SLOT_LIMIT = 2;

// What the line's object holds under "input" and "limit" so far (the last
// occurrence of a key wins, as in JSON.parse).
const ABSENT = 0;
const PRESENT = 1; // "input": a string; "limit": a number of at most 64 bytes
const WRONG = 2; // anything else

const OBJECT = 1;
const ARRAY = 0;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** JSON's white space: space, tab, line feed, carriage return. */
function isSpace(byte) {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

function isDigit(byte) {
  return byte >= 0x30 && byte <= 0x39;
}

function isHexDigit(byte) {
  return isDigit(byte) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x66);
}

/** A byte that continues a UTF-8 sequence, 10xxxxxx. */
function isContinuation(byte) {
  return (byte & 0xc0) === 0x80;
}

/** The escapes of one byte after "\": \" \\ \/ \b \f \n \r \t. */
function isShortEscape(byte) {
  return (
    byte === QUOTE ||
    byte === BACKSLASH ||
    byte === 0x2f ||
    byte === 0x62 ||
    byte === 0x66 ||
    byte === 0x6e ||
    byte === 0x72 ||
    byte === 0x74
  );
}

/**
 * The length of the escape at `bytes[at]`, a backslash: 2 or 6; 0 when
 * `end` comes first, so the bytes after it decide; -1 when it is none.
 */
function escapeLength(bytes, at, end) {
  if (at + 1 >= end) return 0;
  const kind = bytes[at + 1];
  if (kind !== 0x75 /* u */) return isShortEscape(kind) ? 2 : -1;
  if (at + 6 > end) return 0;
  for (let digit = at + 2; digit < at + 6; digit++) if (!isHexDigit(bytes[digit])) return -1;
  return 6;
}

/**
 * Between tokens deeper than TRACKED_DEPTH: space, "," and ":", and the
 * bytes of numbers and literals, checked no further.
 */
function isLooseByte(byte) {
  return (
    isSpace(byte) ||
    byte === 0x2c ||
    byte === 0x3a ||
    byte === 0x2b ||
    byte === 0x2d ||
    byte === 0x2e ||
    isDigit(byte) ||
    ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7a)
  );
}

/**
 * Reads one request line at a time: `feed` its bytes as they come, in any
 * pieces, then `finish` it at its "\n" or at the end of input, and `reset`
 * for the next line. Its memory is fixed when it is made (about 390 KiB),
 * whatever the lines.
 *
 * The line is judged as JSON.parse judges it, byte for byte: JSON's
 * grammar, strings' escapes and raw control characters, numbers, literals,
 * any byte past ASCII outside a string (it is no JSON token, valid UTF-8 or
 * not). The reader checks all of it but the kept part of the input, which
 * JSON.parse checks in the request `finish` makes. Only containers deeper
 * than TRACKED_DEPTH are checked loosely.
 */
export class RequestReader {
  constructor() {
    /** The "input" string's JSON text, its escapes as written. */
    this.input = Buffer.allocUnsafe(KEPT_INPUT_BYTES);
    this.key = Buffer.allocUnsafe(KEPT_KEY_BYTES);
    this.limit = Buffer.allocUnsafe(KEPT_LIMIT_BYTES);
    /** Whether each open container, to TRACKED_DEPTH, is an object. */
    this.kinds = new Uint8Array(TRACKED_DEPTH);
    this.reset();
  }

  /** Makes the reader ready for the next line. */
  reset() {
    this.state = VALUE;
    /** Open containers: a count, so a line of "[" costs nothing. */
    this.depth = 0;
    /** Whether the line's value is an object. */
    this.isObject = false;
    this.slot = SLOT_OTHER;
    this.inputState = ABSENT;
    this.inputLength = 0;
    this.keepingInput = false;
    /** Whether the kept input's next byte is escaped by the last piece's. */
    this.inputEscaped = false;
    this.limitState = ABSENT;
    this.limitLength = 0;
    this.keepingLimit = false;
    /** The key's kept length, -1 when it is longer than any key we know. */
    this.keyLength = 0;
    this.keyEscaped = false;
    this.kept = KEEP_NONE;
    /** The state a string's closing quote leads to. */
    this.afterString = AFTER_VALUE;
    this.hexDigitsLeft = 0;
    this.literal = "";
    this.literalIndex = 0;
  }

  /**
   * Reads `bytes[start..<end]`, the line's next bytes (no "\n" among them).
   *
   * @param {Buffer} bytes
   * @param {number} start
   * @param {number} end
   */
  feed(bytes, start, end) {
    let index = start;
    while (index < end && this.state !== NOT_JSON) {
      if (this.state === STRING) {
        index = this.readString(bytes, index, end);
      } else {
        // A byte that ends a number is read again in the state after it.
        if (this.step(bytes[index])) index++;
      }
    }
  }

  /**
   * The request the line stands for: a small JSON text that the line's
   * parser judges as it would judge the whole line. It is the line's object
   * with only "input" (its string as kept, or `0` when it is no string) and
   * "limit" (its token, or `null` when it is no number or longer than
   * KEPT_LIMIT_BYTES); `null` when the line is JSON but no object; empty
   * when it is not JSON.
   *
   * @returns {string}
   */
  finish() {
    if (this.state >= MINUS && this.state <= EXPONENT_DIGITS) this.step(0x20);
    if (this.state !== AFTER_VALUE || this.depth !== 0) return "";
    if (!this.isObject) return "null";
    const members = [];
    if (this.inputState === PRESENT) {
      members.push(`"input":"${this.input.toString("utf8", 0, this.inputLength)}"`);
    } else if (this.inputState === WRONG) {
      members.push('"input":0');
    }
    if (this.limitState === PRESENT) {
      members.push(`"limit":${this.limit.toString("latin1", 0, this.limitLength)}`);
    } else if (this.limitState === WRONG) {
      members.push('"limit":null');
    }
    return `{${members.join(",")}}`;
  }

  /**
   * Reads a string's bytes from `index` to its closing quote or `end`. The
   * kept input goes to readKeptInput; other strings' plain bytes and the
   * escapes whole in this piece are checked in one loop, and an escape that
   * the piece's end cuts goes on in the ESCAPE and UNICODE states.
   *
   * @returns {number} Where reading goes on.
   */
  readString(bytes, index, end) {
    if (this.kept === KEEP_INPUT && this.keepingInput) return this.readKeptInput(bytes, index, end);
    let at = index;
    let escape = 0;
    while (at < end) {
      const byte = bytes[at];
      if (byte === QUOTE || byte < 0x20) break;
      if (byte === BACKSLASH) {
        escape = escapeLength(bytes, at, end);
        if (escape <= 0) break;
        this.keyEscaped = true;
        at += escape;
      } else {
        at++;
      }
    }
    if (at > index && this.kept === KEEP_KEY) this.keepKey(bytes, index, at);
    if (at === end) return end;
    const byte = bytes[at];
    if (byte === QUOTE) {
      this.endString();
    } else if (byte === BACKSLASH && escape === 0) {
      this.keyEscaped = true;
      this.keepKeyByte(BACKSLASH);
      this.state = ESCAPE;
    } else {
      // A raw control character, or a backslash that starts no escape.
      this.state = NOT_JSON;
    }
    return at + 1;
  }

  /**
   * Reads the input string while it is kept: finds its closing quote (one
   * not escaped by an odd run of backslashes) with the engine's search and
   * copies the bytes before it, unchecked. JSON.parse checks them when it
   * reads the request `finish` makes, and refuses it for a bad escape or a
   * raw control character as it would refuse the line. Most of a request
   * is its input: on 22,500 of diff's, 28 MB, the reader takes 25 ms so
   * instead of 105 ms with the loop of readString.
   *
   * @returns {number} Where reading goes on.
   */
  readKeptInput(bytes, index, end) {
    // The search stops at `end`, not at the chunk's: pieces may be short.
    const piece = bytes.subarray(index, end);
    let close = piece.indexOf(QUOTE);
    while (close >= 0 && this.isEscaped(bytes, index, index + close)) close = piece.indexOf(QUOTE, close + 1);
    if (close >= 0) close += index;
    const stop = close < 0 ? end : close;
    const room = KEPT_INPUT_BYTES - this.inputLength;
    if (stop - index > room) {
      bytes.copy(this.input, this.inputLength, index, index + room);
      this.inputLength = KEPT_INPUT_BYTES;
      this.cutInput(bytes[index + room]);
      return index + room;
    }
    bytes.copy(this.input, this.inputLength, index, stop);
    this.inputLength += stop - index;
    if (close < 0) {
      this.inputEscaped = this.isEscaped(bytes, index, end);
      return end;
    }
    this.endString();
    return close + 1;
  }

  /**
   * Whether the input's byte at `at` is escaped: an odd run of backslashes
   * comes before it, counting one left unpaired by the last piece.
   */
  isEscaped(bytes, index, at) {
    let before = at;
    while (before > index && bytes[before - 1] === BACKSLASH) before--;
    const run = at - before + (before === index && this.inputEscaped ? 1 : 0);
    return run % 2 === 1;
  }

  /**
   * Stops keeping the input, full, before `next`: after its last escape or
   * byte that fits, and back before the lead byte of a UTF-8 sequence that
   * `next` continues. A cut between the two escapes of a surrogate pair
   * leaves a lone half, far past R1's reach. The bytes dropped, no one
   * else's to check, are read as the rest of the string will be.
   *
   * @param {number} next The first byte not kept.
   */
  cutInput(next) {
    this.keepingInput = false;
    // Once a line: the escapes are found again from the string's start.
    const input = this.input;
    let fits = 0;
    for (;;) {
      const after = fits + (input[fits] !== BACKSLASH ? 1 : input[fits + 1] === 0x75 ? 6 : 2);
      if (after > KEPT_INPUT_BYTES) break;
      fits = after;
    }
    if (isContinuation(fits < KEPT_INPUT_BYTES ? input[fits] : next)) {
      // A sequence is at most 4 bytes: its lead is at most 3 bytes back.
      let lead = fits - 1;
      while (lead > fits - 4 && lead > 0 && isContinuation(input[lead])) lead--;
      if (input[lead] >= 0xc0) fits = lead;
    }
    this.inputLength = fits;
    this.feed(input, fits, KEPT_INPUT_BYTES);
  }

  /** Whether the kept input is a JSON string's text, as JSON.parse reads it. */
  keptInputIsJSON() {
    try {
      JSON.parse(`"${this.input.toString("utf8", 0, this.inputLength)}"`);
      return true;
    } catch {
      return false;
    }
  }

  /** Ends a string at its closing quote. */
  endString() {
    if (this.kept === KEEP_KEY) this.slot = this.keySlot();
    this.kept = KEEP_NONE;
    this.state = this.afterString;
  }

  /** Keeps a run of a key's bytes, up to KEPT_KEY_BYTES. */
  keepKey(bytes, start, end) {
    if (this.keyLength < 0) return;
    if (this.keyLength + end - start > KEPT_KEY_BYTES) {
      this.keyLength = -1;
      return;
    }
    for (let index = start; index < end; index++) this.key[this.keyLength++] = bytes[index];
  }

  /** Keeps one byte of a key's escape. */
  keepKeyByte(byte) {
    if (this.kept !== KEEP_KEY || this.keyLength < 0) return;
    if (this.keyLength === KEPT_KEY_BYTES) this.keyLength = -1;
    else this.key[this.keyLength++] = byte;
  }

  /** Which member the key just read names, compared after its escapes. */
  keySlot() {
    if (this.keyLength < 0) return SLOT_OTHER;
    const name = this.keyEscaped
      ? JSON.parse(`"${this.key.toString("utf8", 0, this.keyLength)}"`)
      : this.key.toString("latin1", 0, this.keyLength);
    if (name === "input") return SLOT_INPUT;
    if (name === "limit") return SLOT_LIMIT;
    return SLOT_OTHER;
  }

  /**
   * Reads one byte outside a string's plain runs.
   *
   * @returns {boolean} False when the byte ended a number and must be read
   *   again in the state after it.
   */
  step(byte) {
    switch (this.state) {
      case VALUE:
        if (!isSpace(byte)) this.startValue(byte);
        return true;
      case ARRAY_FIRST:
        if (byte === 0x5d /* ] */) this.close();
        else if (!isSpace(byte)) this.startValue(byte);
        return true;
      case OBJECT_FIRST:
        if (byte === 0x7d /* } */) this.close();
        else if (byte === QUOTE) this.startKey();
        else if (!isSpace(byte)) this.state = NOT_JSON;
        return true;
      case KEY:
        if (byte === QUOTE) this.startKey();
        else if (!isSpace(byte)) this.state = NOT_JSON;
        return true;
      case COLON:
        if (byte === 0x3a /* : */) this.state = VALUE;
        else if (!isSpace(byte)) this.state = NOT_JSON;
        return true;
      case AFTER_VALUE:
        if (isSpace(byte)) return true;
        if (this.depth === 0) {
          this.state = NOT_JSON;
        } else if (this.kinds[this.depth - 1] === OBJECT) {
          if (byte === 0x2c /* , */) this.state = KEY;
          else if (byte === 0x7d /* } */) this.close();
          else this.state = NOT_JSON;
        } else {
          if (byte === 0x2c /* , */) this.state = VALUE;
          else if (byte === 0x5d /* ] */) this.close();
          else this.state = NOT_JSON;
        }
        return true;
      case ESCAPE:
        if (byte === 0x75 /* u */) {
          this.hexDigitsLeft = 4;
          this.state = UNICODE;
        } else if (isShortEscape(byte)) {
          this.state = STRING;
        } else {
          this.state = NOT_JSON;
          return true;
        }
        this.keepKeyByte(byte);
        return true;
      case UNICODE:
        if (!isHexDigit(byte)) {
          this.state = NOT_JSON;
          return true;
        }
        this.hexDigitsLeft--;
        if (this.hexDigitsLeft === 0) this.state = STRING;
        this.keepKeyByte(byte);
        return true;
      case LITERAL:
        if (byte !== this.literal.charCodeAt(this.literalIndex)) {
          this.state = NOT_JSON;
        } else if (++this.literalIndex === this.literal.length) {
          this.state = AFTER_VALUE;
        }
        return true;
      case LOOSE:
        if (byte === QUOTE) {
          this.startString(LOOSE, KEEP_NONE);
        } else if (byte === 0x5b /* [ */ || byte === 0x7b /* { */) {
          this.depth++;
        } else if (byte === 0x5d /* ] */ || byte === 0x7d /* } */) {
          this.depth--;
          if (this.depth === TRACKED_DEPTH) this.state = AFTER_VALUE;
        } else if (!isLooseByte(byte)) {
          this.state = NOT_JSON;
        }
        return true;
      default:
        return this.stepNumber(byte);
    }
  }

  /** One byte of a number, by JSON's grammar (no leading zeros, no "1."). */
  stepNumber(byte) {
    const state = this.state;
    let next;
    if (isDigit(byte)) {
      if (state === MINUS) next = byte === 0x30 ? ZERO : INTEGER;
      else if (state === ZERO) next = AFTER_VALUE;
      else if (state === POINT) next = FRACTION;
      else if (state === EXPONENT || state === EXPONENT_SIGN) next = EXPONENT_DIGITS;
      else next = state;
    } else if (byte === 0x2e /* . */) {
      next = state === ZERO || state === INTEGER ? POINT : NOT_JSON;
    } else if ((byte | 0x20) === 0x65 /* e or E */) {
      next = state === ZERO || state === INTEGER || state === FRACTION ? EXPONENT : NOT_JSON;
    } else if (byte === 0x2b /* + */ || byte === 0x2d /* - */) {
      next = state === EXPONENT ? EXPONENT_SIGN : NOT_JSON;
    } else {
      next = AFTER_VALUE;
    }
    if (next === AFTER_VALUE) {
      // The number ends before this byte, if it may end here.
      const complete = state === ZERO || state === INTEGER || state === FRACTION || state === EXPONENT_DIGITS;
      this.state = complete ? AFTER_VALUE : NOT_JSON;
      this.keepingLimit = false;
      return !complete;
    }
    this.state = next;
    if (next !== NOT_JSON) this.keepLimitByte(byte);
    return true;
  }

  /** The first byte of a value; in the line's object, after its key. */
  startValue(byte) {
    const slot = this.depth === 1 && this.isObject ? this.slot : SLOT_OTHER;
    const isNumber = byte === 0x2d /* - */ || isDigit(byte);
    if (slot === SLOT_INPUT) {
      // A duplicate key: the last wins, but the string it replaces is still
      // part of the line, and no one has checked what was kept of it.
      if (this.inputState === PRESENT && !this.keptInputIsJSON()) {
        this.state = NOT_JSON;
        return;
      }
      this.inputState = byte === QUOTE ? PRESENT : WRONG;
    } else if (slot === SLOT_LIMIT) {
      this.limitState = isNumber ? PRESENT : WRONG;
    }
    if (byte === QUOTE) {
      const keepsInput = slot === SLOT_INPUT;
      if (keepsInput) {
        this.inputLength = 0;
        this.keepingInput = true;
        this.inputEscaped = false;
      }
      this.startString(AFTER_VALUE, keepsInput ? KEEP_INPUT : KEEP_NONE);
    } else if (byte === 0x7b /* { */ || byte === 0x5b /* [ */) {
      if (this.depth === 0) this.isObject = byte === 0x7b;
      this.open(byte === 0x7b ? OBJECT : ARRAY);
    } else if (isNumber) {
      this.state = byte === 0x2d ? MINUS : byte === 0x30 ? ZERO : INTEGER;
      this.keepingLimit = slot === SLOT_LIMIT;
      if (this.keepingLimit) this.limitLength = 0;
      this.keepLimitByte(byte);
    } else if (byte === 0x74 /* t */ || byte === 0x66 /* f */ || byte === 0x6e /* n */) {
      this.literal = byte === 0x74 ? "true" : byte === 0x66 ? "false" : "null";
      this.literalIndex = 1;
      this.state = LITERAL;
    } else {
      this.state = NOT_JSON;
    }
  }

  startKey() {
    const isMember = this.depth === 1 && this.isObject;
    if (isMember) {
      this.keyLength = 0;
      this.keyEscaped = false;
    }
    this.startString(COLON, isMember ? KEEP_KEY : KEEP_NONE);
  }

  startString(after, kept) {
    this.afterString = after;
    this.kept = kept;
    this.state = STRING;
  }

  open(kind) {
    this.depth++;
    if (this.depth > TRACKED_DEPTH) {
      this.state = LOOSE;
    } else {
      this.kinds[this.depth - 1] = kind;
      this.state = kind === OBJECT ? OBJECT_FIRST : ARRAY_FIRST;
    }
  }

  close() {
    this.depth--;
    this.state = AFTER_VALUE;
  }

  /** Keeps one byte of the "limit" number while it fits. */
  keepLimitByte(byte) {
    if (!this.keepingLimit) return;
    if (this.limitLength === KEPT_LIMIT_BYTES) {
      this.keepingLimit = false;
      this.limitState = WRONG;
      return;
    }
    this.limit[this.limitLength++] = byte;
  }
}
