extension NotificationBody {
  /// The most UTF-16 code units a notification body may hold.
  ///
  /// iOS shows at most 256 UTF-16 code units of a body, so that is the default
  /// and the floor. A platform that shows more may raise it; a smaller value
  /// is clamped up to 256, so a limit can never be lowered.
  ///
  ///     NotificationBody.Limit(utf16Units: 400).utf16Units  // 400
  ///     NotificationBody.Limit(utf16Units: 100).utf16Units  // 256
  public struct Limit: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The default and smallest limit: 256 UTF-16 code units.
    public static let `default` = Limit(checked: 256)

    /// The limit in UTF-16 code units; never less than 256.
    public let utf16Units: Int

    /// A limit of `utf16Units` UTF-16 code units, clamped up to 256.
    ///
    /// - Parameter utf16Units: The requested limit. Values below 256
    ///   (including zero and negative values) give the default limit.
    public init(utf16Units: Int) {
      self.utf16Units = max(utf16Units, Limit.default.utf16Units)
    }

    private init(checked units: Int) {
      utf16Units = units
    }

    public static func < (lhs: Limit, rhs: Limit) -> Bool {
      lhs.utf16Units < rhs.utf16Units
    }

    public var description: String { "\(utf16Units) UTF-16 units" }
  }
}
