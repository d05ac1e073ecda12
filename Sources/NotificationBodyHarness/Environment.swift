#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Settings the harness reads from the environment.
///
/// A variable that is set to something it can't mean is an error, never
/// silently the default: a run that was asked to repeat a seed must repeat
/// it or say why not.
package enum HarnessEnvironment {
  /// A variable set to a value it does not take.
  package struct InvalidValue: Error, CustomStringConvertible {
    /// `NOTIFICATION_BODY_SEED must be a whole number from 0 to 2^64 - 1,
    /// decimal or 0x hex; got 'abc'`.
    package var description: String
  }

  /// A seed written in decimal or `0x` hex, as `NOTIFICATION_BODY_SEED` and
  /// `--seed` take it; nil for anything else.
  ///
  ///     HarnessEnvironment.seed(parsing: "0x2A")  // 42
  package static func seed(parsing text: String) -> UInt64? {
    text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
  }

  /// What a seed must be, for a message that follows the name it was given
  /// by: "must be a whole number …".
  package static let seedShape = "must be a whole number from 0 to 2^64 - 1, decimal or 0x hex"

  /// `NOTIFICATION_BODY_SEED` when set (decimal or `0x` hex), else `fallback`.
  ///
  /// - Throws: `InvalidValue` when it is set to anything else.
  package static func seed(default fallback: UInt64) throws(InvalidValue) -> UInt64 {
    guard let text = value("NOTIFICATION_BODY_SEED") else { return fallback }
    guard let seed = seed(parsing: text) else {
      throw InvalidValue(description: "NOTIFICATION_BODY_SEED \(seedShape); got '\(text)'")
    }
    return seed
  }

  /// `NOTIFICATION_BODY_PROPERTY_COUNT` when set, else `fallback`.
  ///
  /// - Throws: `InvalidValue` when it is set to anything but a whole number
  ///   of at least 1.
  package static func propertyCount(default fallback: Int) throws(InvalidValue) -> Int {
    guard let text = value("NOTIFICATION_BODY_PROPERTY_COUNT") else { return fallback }
    guard let count = Int(text), count > 0 else {
      throw InvalidValue(
        description:
          "NOTIFICATION_BODY_PROPERTY_COUNT must be a whole number of at least 1; got '\(text)'")
    }
    return count
  }

  /// `NOTIFICATION_BODY_SHRINK_EVALUATIONS` when set, else `fallback`: how
  /// many checks the property tests may spend shrinking a failure. `0`
  /// reports the failing message as it was generated, which is all the
  /// planted-bug runner asks of them (a work bug makes every check of a
  /// long message costly, and a shrink is thousands of checks).
  ///
  /// - Throws: `InvalidValue` when it is set to anything but a whole number.
  package static func shrinkEvaluations(default fallback: Int) throws(InvalidValue) -> Int {
    guard let text = value("NOTIFICATION_BODY_SHRINK_EVALUATIONS") else { return fallback }
    guard let evaluations = shrinkEvaluations(parsing: text) else {
      throw InvalidValue(
        description:
          "NOTIFICATION_BODY_SHRINK_EVALUATIONS must be a whole number from 0; got '\(text)'")
    }
    return evaluations
  }

  /// A shrinking budget as `NOTIFICATION_BODY_SHRINK_EVALUATIONS` takes it:
  /// a whole number from 0, in decimal; nil for anything else.
  ///
  ///     HarnessEnvironment.shrinkEvaluations(parsing: "0")  // 0
  package static func shrinkEvaluations(parsing text: String) -> Int? {
    guard let evaluations = Int(text), evaluations >= 0 else { return nil }
    return evaluations
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
