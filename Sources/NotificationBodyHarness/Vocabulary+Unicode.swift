/// Characters R1 and R12 must keep whole and scalars at the edges of the
/// encodings: what the cuts at unit 4096 and at the limit are tested with.
/// The contract's Terms, under **Character**, say which of these sequences
/// are one character and which are several.
extension Vocabulary {
  /// Scalars at every UTF-8 length boundary (1 to 4 bytes) and at each
  /// lead byte's first and last scalar, the surrogate gap's edges and the
  /// last scalar of all.
  ///
  ///     Vocabulary.boundaryScalars.map(\.utf8.count)  // 1, 2, 2, 3, …, 4
  package static let boundaryScalars: [Unicode.Scalar] = [
    "\u{7F}", "\u{80}", "\u{7FF}", "\u{800}", "\u{FFF}", "\u{1000}", "\u{CFFF}", "\u{D000}",
    "\u{D7FF}", "\u{E000}", "\u{EFFF}", "\u{F000}", "\u{FFFD}", "\u{FFFF}", "\u{10000}",
    "\u{3FFFF}", "\u{40000}", "\u{FFFFF}", "\u{100000}", "\u{10FFFF}",
  ]

  /// Combining marks of several scripts, and the enclosing keycap mark:
  /// each joins the character before it.
  package static let combiningMarks: [Unicode.Scalar] = [
    "\u{300}", "\u{301}", "\u{302}", "\u{303}", "\u{308}", "\u{30A}", "\u{327}", "\u{328}",
    "\u{336}", "\u{34F}", "\u{36F}", "\u{489}", "\u{5B4}", "\u{64B}", "\u{93C}", "\u{94D}",
    "\u{1AB0}", "\u{20DD}", "\u{20E3}", "\u{FE20}",
  ]

  /// Prepend characters (UAX #29 GB9b) and what they join: the scalar
  /// after one, a space included, is part of its character.
  package static let prependSequences = [
    "\u{600}1", "\u{600} ", "\u{601}\u{661}", "\u{605}a", "\u{6DD}\u{661}", "\u{70F}\u{710}",
    "\u{110BD}\u{11083}", "\u{110BD} ", "\u{D4E}\u{D15}", "\u{600}\n", "\u{600}", "\u{110BD}",
  ]

  /// ZWJ sequences: families, professions, a rainbow flag, and joiners with
  /// nothing to join.
  package static let zwjSequences = [
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "\u{1F469}\u{200D}\u{1F4BB}",
    "\u{1F9D1}\u{1F3FE}\u{200D}\u{1F680}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "\u{1F469}\u{1F3FD}\u{200D}\u{2695}\u{FE0F}", "a\u{200D}b", "\u{200D}",
    "\u{1F469}\u{200D}\u{200D}\u{1F4BB}", "\u{915}\u{94D}\u{200D}\u{937}",
  ]

  /// Flags: pairs of regional indicators, a lone one, three in a row, and
  /// a tag sequence.
  package static let flags = [
    "\u{1F1EB}\u{1F1F7}", "\u{1F1FA}\u{1F1F8}", "\u{1F1FA}", "\u{1F1FA}\u{1F1F8}\u{1F1EB}",
    "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
  ]

  /// Keycap sequences, with and without the presentation selector.
  package static let keycaps = [
    "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}", "0\u{20E3}",
  ]

  /// Consonant clusters joined by a virama. Devanagari, Bengali, Gujarati,
  /// Oriya, Telugu and Malayalam conjuncts are one character (GB9c);
  /// Myanmar, Khmer and Tamil ones are two.
  package static let viramaClusters = [
    "\u{915}\u{94D}\u{937}", "\u{938}\u{94D}\u{924}\u{94D}\u{930}", "\u{915}\u{94D}\u{200D}\u{937}",
    "\u{995}\u{9CD}\u{9B7}", "\u{A95}\u{ACD}\u{AB7}", "\u{B15}\u{B4D}\u{B37}",
    "\u{C15}\u{C4D}\u{C37}", "\u{D15}\u{D4D}\u{D15}", "\u{D28}\u{D4D}\u{D31}",
    "\u{1000}\u{1039}\u{1000}", "\u{1000}\u{103A}", "\u{1780}\u{17D2}\u{1780}",
    "\u{1780}\u{17D2}\u{179A}", "\u{B95}\u{BCD}\u{BB7}",
  ]

  /// Characters of several scalars or units, or syntax of several scalars,
  /// to set across the edge at the limit or at unit 4096.
  package static let straddlers = [
    "😀", "𠀋", "\u{1F44D}\u{1F3FD}", "\u{1F1EB}\u{1F1F7}", "1\u{FE0F}\u{20E3}", "*\u{FE0F}\u{20E3}",
    "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",
    "\u{1F469}\u{200D}\u{1F4BB}", "\u{1F9D1}\u{1F3FE}\u{200D}\u{1F680}",
    "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}",
    "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}", "क्ष", "स्त्र",
    "\r\n", "\u{1100}\u{1161}\u{11A8}", "\u{2764}\u{FE0F}", "葛\u{E0100}", "\u{1F44B}\u{1F3FF}",
  ]

  /// Every sequence above, boundary scalars and marks (after a letter)
  /// included: the Unicode a mutation inserts or sets at an edge.
  package static let characters: [String] =
    boundaryScalars.map { String($0) } + combiningMarks.map { "e" + String($0) }
    + prependSequences + zwjSequences + flags + keycaps + viramaClusters + straddlers
}
