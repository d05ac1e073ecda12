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
  ///   - custom: Whether to make the mutator's own edits; false hands every
  ///     mutation to `fallback`. nil asks the environment:
  ///     `NOTIFICATION_BODY_CUSTOM_MUTATOR=0` is false
  ///     (`HarnessEnvironment.customMutator`).
  /// - Returns: How many bytes the result, now in `data`, has.
  /// - Complexity: O(*n*), where *n* is `maxSize`; the bytes move with
  ///   `memmove`.
  public static func mutate(
    _ data: UnsafeMutablePointer<UInt8>?, size: Int, maxSize: Int, seed: UInt32,
    fallback: (UnsafeMutablePointer<UInt8>?, Int, Int) -> Int,
    custom: Bool? = nil
  ) -> Int {
    guard let data, maxSize > 0 else { return 0 }
    let (edit, writer) = Edit.drawn(seed: seed)
    if edit == .fallback || !(custom ?? HarnessEnvironment.customMutator) {
      return fallback(data, size, maxSize)
    }
    return edited(data, size: min(size, maxSize), maxSize: maxSize, edit: edit, writer: writer)
  }
}
