import NotificationBody

extension CostCause {
  /// What triage says of a `linear-work` finding: its shape, the work at
  /// *k*, 2*k* and 4*k*, the exponent, and the function the work grows in.
  package struct Report: Codable, Sendable, Equatable {
    /// The function and its rule, `LinkTail.end(in:from:to:) (R5)`; nil
    /// when it is not known.
    var function: String?
    /// The function's rule by docs/contract.md's table, when it has one.
    var rule: String?
    /// The one sentence a person reads, in the report and beside the saved
    /// failure: `work grows as k^2.0 on "(" × k (k = …), in … (R5)`.
    var sentence: String
    /// log2(*w*(4*k*) / *w*(2*k*)), when measured.
    var exponent: Double?
    /// The shape as a person reads it, `"`" + "\na" × k + "\n`"`.
    var shape: String = ""
    /// The shape's stretches in order: each is its text once, or its text
    /// `count` times where `repeats`; joined, they make the message at
    /// each of `counts` (to measure it again, with callgrind say).
    var parts: [Part] = []
    /// The first repeat and what stands around it, later repeats as they
    /// are in the finding; `shape` says which of them grow.
    var prefix: String = ""
    var unit: String = ""
    var suffix: String = ""
    /// *k*, 2*k* and 4*k*, and the work at each.
    var counts: [Int] = []
    var works: [Int] = []

    /// A stretch of the shape.
    struct Part: Codable, Sendable, Equatable {
      var text: String
      var repeats: Bool
    }
  }

  /// The report on `message`, which breaks linear-work at `limit`: its
  /// shape and growth (`CostGrowth`) and the function the work grows most
  /// in (`find`), or why that is unknown.
  ///
  /// - Complexity: At most 60 calls of the library, on messages of at most
  ///   4096 UTF-16 units, and what `find` does.
  @Sendable
  package static func analyze(_ message: String, _ limit: NotificationBody.Limit) -> Report? {
    let growth = CostGrowth.fastest(of: message, limit: limit)
    let lookup = find(for: growth, limit: limit)
    let sentence =
      switch lookup {
      case .found(let cause): growth.sentence(hotFunction: cause.described)
      case .unknown(let reason):
        growth.sentence(hotFunction: nil) + "; the function is not known: " + reason
      }
    return Report(
      function: lookup.cause?.function, rule: lookup.cause?.rule, sentence: sentence,
      exponent: growth.exponent, shape: growth.shape.description,
      parts: growth.shape.segments.map {
        switch $0 {
        case .text(let text): Report.Part(text: text, repeats: false)
        case .repeated(let unit, _): Report.Part(text: unit, repeats: true)
        }
      }, prefix: growth.shape.prefix,
      unit: growth.shape.unit,
      suffix: growth.shape.suffix, counts: growth.counts, works: growth.works)
  }
}
