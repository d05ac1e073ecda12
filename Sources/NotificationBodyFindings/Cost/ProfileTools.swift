import Foundation
import NotificationBodyProcess

/// The toolchain's `llvm-profdata` and `swift-demangle`, which read the raw
/// profiles the work meter writes (`CostCause`). Only the toolchain's own
/// `llvm-profdata` reads them: a system copy of another LLVM version
/// rejects them, so the tools are looked for beside `swiftc`.
///
///     let tools = ProfileTools.onPath()  // .found(…) with a Swift toolchain on PATH
package struct ProfileTools: Sendable, Equatable {
  /// `llvm-profdata`'s path.
  package var profdata: String
  /// `swift-demangle`'s path.
  package var demangle: String

  /// Why a tool failed, for `CostCause.Lookup.unknown`.
  package struct Failure: Error, Equatable {
    var reason: String
  }

  /// Where the tools are, or why they are not.
  package enum Lookup: Sendable, Equatable {
    case found(ProfileTools)
    case missing(String)
  }

  /// The tools in the folder of the first `swiftc` on `path` (the PATH
  /// variable unless given), or in the folder `swiftc` links to.
  ///
  /// - Parameter path: A PATH-style list of folders.
  /// - Returns: The tools, or which is missing where.
  package static func onPath(_ path: String? = ProcessInfo.processInfo.environment["PATH"])
    -> Lookup
  {
    let files = FileManager.default
    let folders = (path ?? "").split(separator: ":").map(String.init)
    guard let swiftc = folders.map({ $0 + "/swiftc" }).first(where: files.isExecutableFile)
    else {
      return .missing("no swiftc on PATH, so no toolchain llvm-profdata to read profiles with")
    }
    let linked = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
    for candidate in [swiftc, linked] {
      let bin = (candidate as NSString).deletingLastPathComponent
      let tools = ProfileTools(profdata: bin + "/llvm-profdata", demangle: bin + "/swift-demangle")
      if files.isExecutableFile(atPath: tools.profdata)
        && files.isExecutableFile(atPath: tools.demangle)
      {
        return .found(tools)
      }
    }
    let bin = (swiftc as NSString).deletingLastPathComponent
    return .missing("no llvm-profdata and swift-demangle beside swiftc in \(bin)")
  }

  /// Each function's count in a raw profile: its function count and block
  /// counts added, keyed by its mangled name (without the file a private
  /// function's name starts with).
  ///
  /// - Parameter profile: A `.profraw` file.
  /// - Returns: The counts, or why `llvm-profdata show` failed.
  package func functionCounts(_ profile: String) -> Result<[String: Int], Failure> {
    let run = runToEnd(
      [profdata, "show", "--all-functions", "--counts", profile], separateErrors: true)
    guard run.status == 0 else {
      return .failure(
        Failure(reason: "llvm-profdata show \(profile) \(Self.ending(run.status)): \(run.errors)"))
    }
    return .success(Self.functionCounts(parsing: run.output))
  }

  /// The counts `llvm-profdata show --all-functions --counts` prints:
  ///
  ///       /path/BacktickRuns.swift:$s16NotificationBody…F:
  ///         Hash: 0x0000000000000000
  ///         Counters: 4
  ///         Function count: 2
  ///         Block counts: [0, 2, 2]
  ///
  /// - Parameter output: What it printed.
  /// - Returns: 6 for that function, keyed by `$s16NotificationBody…F`.
  package static func functionCounts(parsing output: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    var function: String? = nil
    for line in output.split(separator: "\n") {
      let text = line.drop { $0 == " " }
      let indent = line.count - text.count
      if indent == 2 && text.hasSuffix(":") {
        let name = text.dropLast()
        let mangled = name.range(of: ":$s").map { name[name.index(after: $0.lowerBound)...] }
        function = String(mangled ?? name)
      } else if indent == 4, let function {
        if text.hasPrefix("Function count: ") {
          counts[function, default: 0] += Int(text.dropFirst("Function count: ".count)) ?? 0
        } else if text.hasPrefix("Block counts: [") {
          let values = text.dropFirst("Block counts: [".count).dropLast()
          for value in values.split(separator: ",") {
            counts[function, default: 0] += Int(value.trimmingCharacters(in: .whitespaces)) ?? 0
          }
        }
      }
    }
    return counts
  }

  /// `names` demangled and simplified, in the same order:
  /// `InlineScanner.scanCodeSpan(at:pending:end:into:)`.
  ///
  /// - Parameter names: Mangled Swift names.
  /// - Returns: One readable name for each, or why `swift-demangle` failed.
  package func demangled(_ names: [String]) -> Result<[String], Failure> {
    if names.isEmpty { return .success([]) }
    let run = runToEnd([demangle, "--simplified", "--compact"] + names, separateErrors: true)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false).prefix(
      names.count
    ).map(String.init)
    guard run.status == 0, lines.count == names.count else {
      return .failure(
        Failure(reason: "swift-demangle \(Self.ending(run.status)): \(run.errors)"))
    }
    return .success(lines)
  }

  /// "exited 1", or "could not be started".
  private static func ending(_ status: Int32) -> String {
    status == -1 ? "could not be started" : "exited \(status)"
  }
}
