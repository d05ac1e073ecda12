extension Shrinker.Search {
  /// Removes units of `granularity` in chunks of decreasing size, as ddmin
  /// does.
  ///
  /// For each chunk size, from half the units down to one: when there are
  /// three chunks or more, it first tries keeping a single chunk alone
  /// (ddmin's subset step; with two chunks that is the same as removing the
  /// other); then it tries removing each chunk in turn, keeping every removal
  /// that still fails (the complement step). A subset that fails starts the
  /// sizes again from half of it.
  ///
  /// - Parameter granularity: The units to remove.
  /// - Complexity: O(*u*) candidates per chunk size and O(log *u*) sizes,
  ///   where *u* is the number of units, each candidate O(*n*) to build.
  mutating func deltaDebug(over granularity: Shrinker.Granularity) {
    var bounds = granularity.boundaries(of: current)
    var chunk = bounds.count / 2
    while chunk >= 1, bounds.count > 2, !budgetExhausted {
      if let kept = keepOneChunk(of: chunk, bounds: bounds) {
        bounds = kept
        chunk = bounds.count / 2
        continue
      }
      removeChunks(of: chunk, bounds: &bounds)
      guard chunk > 1 else { break }
      chunk = (chunk + 1) / 2
    }
  }

  /// The subset step: tries each chunk of `size` units alone.
  ///
  /// - Returns: The boundaries of the kept chunk, rebased to 0, or nil when
  ///   no chunk failed alone.
  private mutating func keepOneChunk(of size: Int, bounds: [Int]) -> [Int]? {
    let units = bounds.count - 1
    guard units > 2 * size else { return nil }
    var start = 0
    while start < units, !budgetExhausted {
      let end = min(start + size, units)
      if attempt(Array(current[bounds[start]..<bounds[end]])) {
        let base = bounds[start]
        return bounds[start...end].map { $0 - base }
      }
      start = end
    }
    return nil
  }

  /// The complement step: tries removing each chunk of `size` units, left
  /// to right, and keeps every removal that still fails.
  private mutating func removeChunks(of size: Int, bounds: inout [Int]) {
    var start = 0
    while start < bounds.count - 1, !budgetExhausted {
      let end = min(start + size, bounds.count - 1)
      var candidate = Array(current[..<bounds[start]])
      candidate.append(contentsOf: current[bounds[end]...])
      guard attempt(candidate) else {
        start = end
        continue
      }
      let removed = bounds[end] - bounds[start]
      bounds.removeSubrange((start + 1)...end)
      for index in (start + 1)..<bounds.count {
        bounds[index] -= removed
      }
    }
  }
}
