/// What callgrind counted in one run: every instruction executed inside the
/// library's entry point, and each function's own share of them.
///
///     let profile = try CostProfile(callgrindOutput: text)
///     profile.instructions                           // 2_345_678
///     profile.functions["$s16NotificationBody…"]     // 123_456
///
/// The file is callgrind's format (valgrind's docs, "Callgrind Format
/// Specification"): `fn=` names the function the cost lines after it
/// belong to, by `(id) name` the first time it or a `cfn=` names it and
/// `(id)` after; a cost line
/// is its positions, then one count per event; the line after `calls=` is
/// the inclusive cost of a call, counted again in the callee, so skipped.
package struct CostProfile: Sendable, Equatable {
  /// The instructions counted (`Ir`), all functions together.
  package var instructions: Int
  /// Each function's own instructions (exclusive of what it called), by
  /// the name callgrind gives it: mangled for Swift, plain for C.
  package var functions: [String: Int]

  package init(instructions: Int, functions: [String: Int]) {
    self.instructions = instructions
    self.functions = functions
  }

  /// Why a file is not a profile this reader knows.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  /// Reads a callgrind output file whose first event is `Ir`.
  ///
  /// - Parameter text: The file's contents; one part or several.
  /// - Throws: `Failure` for a file with no `events:` line, another first
  ///   event, a cost line before any `fn=`, or a `summary:` that is not the
  ///   sum of the functions' own counts.
  /// - Complexity: O(*n*) in the file's size.
  package init(callgrindOutput text: String) throws(Failure) {
    var names: [String: String] = [:]
    var functions: [String: Int] = [:]
    var current: String?
    var positions = 1
    var sawEvents = false
    var skipNext = false
    var summary = 0
    for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let first = line.utf8.first else { continue }
      if first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9") || first == UInt8(ascii: "+")
        || first == UInt8(ascii: "-") || first == UInt8(ascii: "*")
      {
        if skipNext {
          skipNext = false
          continue
        }
        let fields = line.split(separator: " ")
        guard fields.count > positions else { continue }  // no event counted on this line
        guard let cost = Int(fields[positions]), let name = current else {
          throw Failure(description: "a cost line before any function: '\(line.prefix(80))'")
        }
        functions[name, default: 0] += cost
      } else if line.hasPrefix("fn=") {
        current = Self.name(String(line.dropFirst(3)), table: &names)
      } else if line.hasPrefix("cfn=") {
        // A callee may be named here first; its costs come under its own fn=.
        _ = Self.name(String(line.dropFirst(4)), table: &names)
      } else if line.hasPrefix("calls=") {
        skipNext = true
      } else if line.hasPrefix("positions:") {
        positions = line.split(separator: " ").count - 1
      } else if line.hasPrefix("events:") {
        guard line.split(separator: " ").dropFirst().first == "Ir" else {
          throw Failure(description: "the first event is not Ir: '\(line)'")
        }
        sawEvents = true
      } else if line.hasPrefix("summary:") {
        summary += Int(line.split(separator: " ").last ?? "") ?? 0
      }
    }
    guard sawEvents else { throw Failure(description: "no 'events:' line: not callgrind's output") }
    let total = functions.values.reduce(0, +)
    guard total == summary else {
      throw Failure(
        description:
          "its summary, \(summary) instructions, is not the sum of its functions', \(total)")
    }
    self.init(instructions: total, functions: functions.filter { $0.value != 0 })
  }

  /// The name an `fn=` value gives, `(id) name` or `(id)` with the names
  /// seen so far, or a plain name.
  private static func name(_ value: String, table: inout [String: String]) -> String {
    guard value.hasPrefix("("), let close = value.firstIndex(of: ")") else { return value }
    let id = String(value[...close])
    let rest = value[value.index(after: close)...].drop { $0 == " " }
    if rest.isEmpty { return table[id] ?? id }
    table[id] = String(rest)
    return String(rest)
  }
}
