/// `FuzzMutator` as libFuzzer calls it: on the buffer it owns.
extension FuzzMutator {
  /// Mutates the input in `data` in place, as `LLVMFuzzerCustomMutator`
  /// must: a fuzz target's `main.swift` forwards to it.
  ///
  ///     @_cdecl("LLVMFuzzerCustomMutator")
  ///     public func mutate(
  ///       _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt
  ///     ) -> Int {
  ///       FuzzMutator.mutate(data, size: size, maxSize: maxSize, seed: seed, fallback: LLVMFuzzerMutate)
  ///     }
  ///
  /// - Parameters:
  ///   - data: The input's bytes, in a buffer of `maxSize` bytes.
  ///   - size: How many bytes the input has.
  ///   - maxSize: The most bytes the result may have.
  ///   - seed: libFuzzer's seed for this mutation.
  ///   - fallback: `LLVMFuzzerMutate`, libFuzzer's own mutation in place,
  ///     called directly for `Edit.fallback`.
  /// - Returns: How many bytes the result, now in `data`, has.
  /// - Complexity: O(*n*), where *n* is `maxSize`.
  public static func mutate(
    _ data: UnsafeMutablePointer<UInt8>?, size: Int, maxSize: Int, seed: UInt32,
    fallback: (UnsafeMutablePointer<UInt8>?, Int, Int) -> Int
  ) -> Int {
    guard let data, maxSize > 0 else { return 0 }
    if Edit(seed: seed) == .fallback { return fallback(data, size, maxSize) }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let output = mutate(input, maxSize: maxSize, seed: seed) { bytes, _ in bytes }
    output.withUnsafeBufferPointer { data.update(from: $0.baseAddress!, count: $0.count) }
    return output.count
  }
}
