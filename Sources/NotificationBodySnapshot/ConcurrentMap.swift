import Dispatch
import Foundation

extension Array where Element: Sendable {
  /// The elements transformed on all cores, in order.
  ///
  ///     [1, 2, 3].concurrentMap { $0 * 2 }  // [2, 4, 6]
  ///
  /// - Parameter transform: Called once per element, from any thread.
  /// - Returns: `map(transform)`.
  /// - Complexity: O(*n*) calls of `transform`, spread over the cores in
  ///   chunks of consecutive elements.
  package func concurrentMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result)
    -> [Result]
  {
    guard count > 1 else { return map(transform) }
    let chunks = Swift.min(count, ProcessInfo.processInfo.activeProcessorCount * 8)
    let parts = ChunkResults<Result>(count: chunks)
    self.withUnsafeBufferPointer { elements in
      // The buffer lives as long as this closure, which outlasts the
      // iterations: concurrentPerform returns when they all have.
      nonisolated(unsafe) let elements = elements
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let range = (chunk * elements.count / chunks)..<((chunk + 1) * elements.count / chunks)
        parts.set(chunk, elements[range].map(transform))
      }
    }
    return parts.joined
  }
}

/// The results of the chunks of a `concurrentMap`, each set once by the
/// iteration that made it; a lock keeps the array's storage consistent.
private final class ChunkResults<Result>: @unchecked Sendable {
  private let lock = NSLock()
  private var parts: [[Result]]

  init(count: Int) {
    parts = Array(repeating: [], count: count)
  }

  func set(_ chunk: Int, _ results: [Result]) {
    lock.lock()
    defer { lock.unlock() }
    parts[chunk] = results
  }

  /// Every chunk's results in chunk order, once all are set.
  var joined: [Result] {
    lock.lock()
    defer { lock.unlock() }
    return Array(parts.joined())
  }
}
