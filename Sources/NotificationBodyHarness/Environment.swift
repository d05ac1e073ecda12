#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Settings the harness reads from the environment.
package enum HarnessEnvironment {
  /// `NOTIFICATION_BODY_SEED` when set (decimal or `0x` hex), else `fallback`.
  package static func seed(default fallback: UInt64) -> UInt64 {
    guard let text = value("NOTIFICATION_BODY_SEED") else { return fallback }
    if text.hasPrefix("0x") { return UInt64(text.dropFirst(2), radix: 16) ?? fallback }
    return UInt64(text) ?? fallback
  }

  /// `NOTIFICATION_BODY_PROPERTY_COUNT` when set to a positive number, else
  /// `fallback`.
  package static func propertyCount(default fallback: Int) -> Int {
    value("NOTIFICATION_BODY_PROPERTY_COUNT").flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil }
      ?? fallback
  }

  /// Whether `NOTIFICATION_BODY_WORK_METER=1` is set, as for the build that
  /// puts the work meter into the library (Package.swift).
  package static var workMeterRequested: Bool {
    value("NOTIFICATION_BODY_WORK_METER") == "1"
  }

  /// The edits the fuzz targets' mutator makes itself, from
  /// `NOTIFICATION_BODY_CUSTOM_MUTATOR` (`FuzzMutator.Edit.made(bySetting:)`):
  /// every edit when it is unset, none when it is `0`, so that what the
  /// edits add is measured with the same binary.
  package static let customEdits = FuzzMutator.Edit.made(
    bySetting: value("NOTIFICATION_BODY_CUSTOM_MUTATOR"))

  private static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
