extension Shrinker {
  /// The state of one shrink: the current failing input, the budget and the
  /// candidates already tried.
  ///
  /// Candidates are UTF-8 bytes, not `String`s: two strings that differ only
  /// in how a character is composed (`"é"` and `"e\u{301}"`) are equal as
  /// `String`s but not to the code under test, which reads scalars.
  struct Search {
    /// The simplest failing input so far, as UTF-8.
    private(set) var current: [UInt8]
    /// `current`'s length in UTF-16 units.
    private(set) var currentUTF16Count: Int
    private let input: String
    private let maxEvaluations: Int
    private let stillFails: (String) -> Bool
    private var tried: Set<TriedInput> = []
    private var reproduced = false
    private var evaluations = 0
    private var cacheHits = 0
    private var reductions = 0
    private var cycles = 0
    /// Whether a candidate went unevaluated because the budget ran out.
    private(set) var budgetExhausted = false

    init(input: String, maxEvaluations: Int, stillFails: @escaping (String) -> Bool) {
      self.input = input
      self.maxEvaluations = maxEvaluations
      self.stillFails = stillFails
      current = Array(input.utf8)
      currentUTF16Count = input.utf16.count
    }

    /// What the search found, and at what cost.
    var outcome: Outcome {
      Outcome(
        shrunk: reproduced ? String(decoding: current, as: UTF8.self) : input,
        reproduced: reproduced, evaluations: evaluations, cacheHits: cacheHits,
        reductions: reductions, cycles: cycles, budgetExhausted: budgetExhausted)
    }

    /// Checks the input, then runs cycles of passes until one changes
    /// nothing or the budget runs out.
    mutating func run() {
      guard maxEvaluations >= 1 else {
        budgetExhausted = true
        return
      }
      tried.insert(TriedInput(current))
      evaluations = 1
      reproduced = stillFails(input)
      guard reproduced, !attempt([]) else { return }
      while !budgetExhausted {
        cycles += 1
        let before = current
        fillWithLetters()
        for granularity in Granularity.allCases {
          deltaDebug(over: granularity)
        }
        shortenRuns()
        simplifyScalars()
        dropEnds()
        if current == before { break }
      }
    }

    /// Makes `candidate` the current input if it is simpler, has not been
    /// tried, the budget allows a call, and it still fails.
    ///
    /// - Returns: Whether `candidate` is now the current input.
    mutating func attempt(_ candidate: [UInt8]) -> Bool {
      let text = String(decoding: candidate, as: UTF8.self)
      let utf16Count = text.utf16.count
      guard
        utf16Count < currentUTF16Count
          || (utf16Count == currentUTF16Count && Self.isSimpler(candidate, than: current))
      else { return false }
      let key = TriedInput(candidate)
      guard !tried.contains(key) else {
        cacheHits += 1
        return false
      }
      guard evaluations < maxEvaluations else {
        budgetExhausted = true
        return false
      }
      tried.insert(key)
      evaluations += 1
      guard stillFails(text) else { return false }
      current = candidate
      currentUTF16Count = utf16Count
      reductions += 1
      return true
    }

    /// Whether `candidate` comes before `other`: it has fewer scalars
    /// besides its most common one, or as many and it comes first scalar by
    /// scalar, where `"a"`, the filler, comes first, then the other
    /// replacement targets, then the rest of ASCII, then the rest.
    private static func isSimpler(_ candidate: [UInt8], than other: [UInt8]) -> Bool {
      let lhs = String(decoding: candidate, as: UTF8.self).unicodeScalars
      let rhs = String(decoding: other, as: UTF8.self).unicodeScalars
      let besides = (
        lhs.count - (mostCommon(in: candidate)?.count ?? 0),
        rhs.count - (mostCommon(in: other)?.count ?? 0)
      )
      if besides.0 != besides.1 { return besides.0 < besides.1 }
      for (left, right) in zip(lhs, rhs) where left != right {
        return simplicity(left) < simplicity(right)
      }
      return lhs.count < rhs.count
    }

    private static func simplicity(_ scalar: Unicode.Scalar) -> UInt64 {
      let tier: UInt64
      switch scalar {
      case "a": tier = 0
      case "0", " ", "\n": tier = 1
      case _ where scalar.isASCII: tier = 2
      default: tier = 3
      }
      return tier << 32 | UInt64(scalar.value)
    }
  }

  /// A tried candidate, hashed and compared as raw bytes.
  struct TriedInput: Hashable {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) {
      self.bytes = bytes
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(bytes.count)
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }
  }
}
