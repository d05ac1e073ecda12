extension NotificationBodyReference {
  /// Terms, Limit: "the most units a body may hold. It is 256 by default."
  ///
  ///     NotificationBodyReference.defaultLimitUTF16Units  // 256
  public static let defaultLimitUTF16Units = 256

  /// Terms, Limit: "A platform that shows more of a body may raise it; it can
  /// never be lowered (the Swift API clamps any smaller value up to 256)."
  ///
  ///     clampedLimit(100)  // 256
  ///     clampedLimit(400)  // 400
  ///
  /// - Parameter utf16Units: The limit asked for, in UTF-16 code units.
  /// - Returns: That limit, or 256 when it is smaller.
  static func clampedLimit(_ utf16Units: Int) -> Int {
    max(utf16Units, defaultLimitUTF16Units)
  }
}
