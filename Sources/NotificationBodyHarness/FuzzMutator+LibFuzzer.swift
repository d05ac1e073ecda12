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
  ///
  /// It makes the edits `HarnessEnvironment.customEdits` names.
  /// - Returns: How many bytes the result, now in `data`, has.
  /// - Complexity: O(*n*), where *n* is `maxSize`; the bytes move with
  ///   `memmove`.
  public static func mutate(
    _ data: UnsafeMutablePointer<UInt8>?, size: Int, maxSize: Int, seed: UInt32,
    fallback: (UnsafeMutablePointer<UInt8>?, Int, Int) -> Int
  ) -> Int {
    let edits = (try? HarnessEnvironment.customEdits.get()) ?? []
    return mutate(data, size: size, maxSize: maxSize, seed: seed, fallback: fallback, edits: edits)
  }

  /// `mutate(_:size:maxSize:seed:fallback:)` making only `edits`: a drawn
  /// edit not among them goes to `fallback`, so the others keep their shares.
  package static func mutate(
    _ data: UnsafeMutablePointer<UInt8>?, size: Int, maxSize: Int, seed: UInt32,
    fallback: (UnsafeMutablePointer<UInt8>?, Int, Int) -> Int, edits: Set<Edit>
  ) -> Int {
    guard let data, maxSize > 0 else { return 0 }
    let (edit, writer) = Edit.drawn(seed: seed)
    if edit == .fallback || !edits.contains(edit) {
      return fallback(data, size, maxSize)
    }
    return edited(data, size: min(size, maxSize), maxSize: maxSize, edit: edit, writer: writer)
  }
}

extension FuzzMutator.Edit {
  /// A name in `NOTIFICATION_BODY_CUSTOM_MUTATOR` that is no edit's.
  package struct UnknownEdit: Error, CustomStringConvertible {
    /// The name as written, without its `-`.
    package let name: String

    package var description: String {
      let names = FuzzMutator.Edit.custom.map(\.rawValue).joined(separator: ", ")
      return "NOTIFICATION_BODY_CUSTOM_MUTATOR: no edit '\(name)'; the edits are \(names)"
    }
  }

  /// Every edit but `fallback`, in declaration order.
  package static var custom: [Self] { allCases.filter { $0 != .fallback } }

  /// The edits a setting of `NOTIFICATION_BODY_CUSTOM_MUTATOR` makes:
  /// every edit for nil, empty or `1`, none for `0`. Otherwise a
  /// comma-separated list of edits' names makes only those, and a name
  /// with a leading `-` leaves that edit out (of every edit, when the list
  /// names none to make): `insertRun,raiseLimit`, `-placeAtEdge`.
  package static func made(bySetting text: String?) -> Result<Set<Self>, UnknownEdit> {
    guard let text, !text.isEmpty, text != "1" else { return .success(Set(custom)) }
    if text == "0" { return .success([]) }
    var made = Set<Self>()
    var left = Set<Self>()
    for item in text.split(separator: ",") {
      let name = item.hasPrefix("-") ? item.dropFirst() : item[...]
      guard let edit = Self(rawValue: String(name)), edit != .fallback else {
        return .failure(UnknownEdit(name: String(name)))
      }
      if item.hasPrefix("-") { left.insert(edit) } else { made.insert(edit) }
    }
    return .success((made.isEmpty ? Set(custom) : made).subtracting(left))
  }
}
