import NotificationBody
import NotificationBodyHarness

/// An implementation named "broken" that makes its bodies with `make`.
func broken(_ make: @escaping @Sendable (String, NotificationBody.Limit) -> String)
  -> Implementation
{
  Implementation(name: "broken", make: make)
}

/// The library's body, for a broken implementation to start from.
func library(_ input: String, _ limit: NotificationBody.Limit) -> String {
  NotificationBody.make(from: input, limit: limit)
}

/// Deliberately broken implementations that both `InvariantTests` and
/// `ReferenceFreeInvariantTests` use to show a check can fail.
enum BrokenImplementations {
  /// Lets 50 units too many through at the default limit.
  static let overTheLimit = Implementation(name: "broken") { input, limit in
    NotificationBody.make(from: input, limit: limit == .default ? .init(utf16Units: 306) : limit)
  }

  /// Cuts the uncapped body on a scalar boundary, not a character boundary,
  /// so a ZWJ family at the cut loses its last scalars instead of all of it.
  static let cutsOnAScalar = Implementation(name: "broken") { input, limit in
    let body = NotificationBody.make(from: input, limit: .init(utf16Units: .max))
    guard body.utf16.count > limit.utf16Units else { return body }
    var scalars: [Unicode.Scalar] = []
    var units = 0
    for scalar in body.unicodeScalars {
      units += scalar.utf16.count
      if units > limit.utf16Units - 1 { break }
      scalars.append(scalar)
    }
    return String(String.UnicodeScalarView(scalars)) + "…"
  }

  /// Allocates a block on every call that holds a link and never frees it,
  /// as a scratch list that forgot its `deinit` would.
  static let leaksOnLinks = Implementation(name: "leaking") { input, limit in
    if input.contains("](") {
      let block = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 8)
      block.storeBytes(of: 1, as: Int.self)
    }
    return NotificationBody.make(from: input, limit: limit)
  }
}
