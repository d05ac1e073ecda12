/// Reduces a failing input to a small one that still fails.
///
/// The search works on the input's UTF-8 bytes and only ever cuts them at
/// Unicode scalar boundaries. One cycle runs, in order:
///
/// 1. filling spans of characters with as many `"a"`s as they have UTF-16
///    units, halves first, so a failure at a fixed length (the cap, the
///    window) keeps its place while the text around it becomes one letter;
/// 2. delta debugging over lines (each keeps its line break), then over
///    tokens (runs of one ASCII punctuation or space character, words, single
///    other characters), then over characters, then over Unicode scalars;
/// 3. shortening runs of one ASCII character (`"``````"` → `"```"`), all runs
///    of the same character and length together first, so paired fences and
///    code-span runs stay paired;
/// 4. replacing scalars with simpler ones: letters of any script with `"a"`,
///    decimal digits with `"0"`, `"\r\n"` and a lone `"\r"` with `"\n"`, other
///    white space with `" "`;
/// 5. dropping prefixes and suffixes of 1, 2, 4, … scalars.
///
/// Cycles repeat until one changes nothing or the budget runs out. A
/// candidate is tried only when it is simpler than the current input: shorter
/// in UTF-16 units, or as long and smaller scalar by scalar, where `"a"`
/// comes first, then `"0"`, `" "` and `"\n"`, then other ASCII, then the rest.
/// No candidate is evaluated twice, and nothing is random, so the same input
/// and predicate always give the same result.
package enum Shrinker {
  /// A locally minimal input for which `stillFails` holds.
  ///
  ///     let small = Shrinker.shrink(message) { reference($0) != fast($0) }
  ///
  /// - Parameters:
  ///   - input: An input for which `stillFails(input)` is expected to be true.
  ///     When it is false, `input` is returned unchanged.
  ///   - maxEvaluations: The most times `stillFails` may be called, the call
  ///     on `input` included. The search stops when it runs out and returns
  ///     the smallest failing input found so far.
  ///   - stillFails: The failure to keep. It should depend only on its
  ///     argument.
  /// - Returns: An input no longer than `input` for which `stillFails` was
  ///   true, or `input` itself.
  /// - Complexity: At most `maxEvaluations` calls of `stillFails`, each
  ///   preceded by O(*n*) work to build the candidate, where *n* is the
  ///   length of `input`. Every candidate tried is remembered, so memory is
  ///   O(*n* × `maxEvaluations`) at worst.
  package static func shrink(
    _ input: String, maxEvaluations: Int = 20_000, while stillFails: (String) -> Bool
  ) -> String {
    shrinkWithStatistics(input, maxEvaluations: maxEvaluations, while: stillFails).shrunk
  }

  /// Shrinks `input` as `shrink(_:maxEvaluations:while:)` does and reports
  /// how the search went.
  ///
  ///     let outcome = Shrinker.shrinkWithStatistics(message) { $0.contains("**") }
  ///     print(outcome.shrunk, outcome.evaluations)
  ///
  /// - Parameters:
  ///   - input: An input for which `stillFails(input)` is expected to be true.
  ///   - maxEvaluations: The most times `stillFails` may be called, the call
  ///     on `input` included.
  ///   - stillFails: The failure to keep.
  /// - Returns: The shrunk input with the search's statistics.
  /// - Complexity: At most `maxEvaluations` calls of `stillFails`, each
  ///   preceded by O(*n*) work to build the candidate.
  package static func shrinkWithStatistics(
    _ input: String, maxEvaluations: Int = 20_000, while stillFails: (String) -> Bool
  ) -> Outcome {
    withoutActuallyEscaping(stillFails) { stillFails in
      var search = Search(input: input, maxEvaluations: maxEvaluations, stillFails: stillFails)
      search.run()
      return search.outcome
    }
  }

  /// The result of a shrink and how it was reached.
  package struct Outcome: Sendable, Equatable {
    /// The simplest failing input found; the input itself when it did not
    /// fail or could not be checked.
    package var shrunk: String
    /// Whether `stillFails` held for the input. False also when
    /// `maxEvaluations` was less than 1 and the input was never checked.
    package var reproduced: Bool
    /// How many times `stillFails` was called, the call on the input included.
    package var evaluations: Int
    /// How many candidates were skipped because they had been tried before.
    package var cacheHits: Int
    /// How many candidates replaced the current input.
    package var reductions: Int
    /// How many full cycles of passes ran.
    package var cycles: Int
    /// Whether the search stopped because `maxEvaluations` ran out before a
    /// cycle changed nothing.
    package var budgetExhausted: Bool
  }
}
