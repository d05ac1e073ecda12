import Foundation
import NotificationBody
import NotificationBodyFixtures
import NotificationBodyPorts
import NotificationBodyProcess

/// Counts the library's instructions per cost class in a release build,
/// under callgrind: the build's `serve` answers each class's calls, and
/// callgrind counts only inside `NotificationBody.make(from:limit:)`, so the
/// count is the library's own, standard library and allocator included,
/// and any revision that has `serve` can be counted.
///
///     let entries = try CostCount.measure(
///       binary: ".build/release/notification-body", classes: classes,
///       children: children, progress: { print($0) })
///
/// Counts are the same on every run of the same binary: the hash seed is
/// fixed (`SWIFT_DETERMINISTIC_HASHING=1`, as Swift's own benchmark driver
/// runs), symbols are bound at start (`LD_BIND_NOW=1`, so no first call pays
/// for the dynamic linker), and the binary runs as a copy at a path of the
/// same length, from a folder of the same length, with the same
/// environment, so neither the checkout's folder nor the caller's
/// environment moves the heap or the stack under the library.
package enum CostCount {
  /// Why counting stopped: a message naming the binary or file.
  package struct Failure: Error, Sendable, CustomStringConvertible {
    package var description: String
  }

  /// The library's entry point as the linker names it, for
  /// `--toggle-collect`.
  package static let entryPoint = "$s16NotificationBodyAAO4make4from5limitS2S_AB5LimitVtFZ"

  /// Counts every class in `binary`'s `serve`, two classes at a time.
  ///
  /// - Parameters:
  ///   - binary: A release build of `notification-body`.
  ///   - classes: The classes to count.
  ///   - children: Where each valgrind is recorded, so a signal ends it.
  ///   - progress: Receives a line per class counted.
  /// - Returns: An entry per class, in order, with function names demangled.
  /// - Throws: `CostCount.Failure` when valgrind is missing, a run fails,
  ///   or the build never entered the library's entry point.
  package static func measure(
    binary: String, classes: [CostClass], children: ChildProcessGroups,
    progress: (String) -> Void
  ) throws(Failure) -> [CostEntry] {
    guard runToEnd(["valgrind", "--version"]).status == 0 else {
      throw Failure(
        description:
          "valgrind: not found on PATH; the cost gate counts instructions with callgrind "
          + "(apt-get install valgrind; .ci/run installs it)")
    }
    let folder: String
    do {
      folder = try makeTemporaryFolder("notification-body-cost")
    } catch {
      throw Failure(description: error.description)
    }
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let copy = try prepare(folder, binary: binary, classes: classes)
    let results = ProgressLines.run(progress: progress) { lines in
      Array(classes.enumerated()).concurrentMap { index, costClass in
        let result = count(costClass, at: index, binary: copy, folder: folder, children: children)
        lines.append("cost: counted \(costClass.name)")
        return result
      }
    }
    var profiles: [CostProfile] = []
    for (costClass, result) in zip(classes, results) {
      switch result {
      case .success(let profile): profiles.append(profile)
      case .failure(let problem):
        throw Failure(
          description: "\(binary): counting \(costClass.name) under callgrind: \(problem)")
      }
    }
    let names = demangled(Set(profiles.flatMap(\.functions.keys)))
    return zip(classes, profiles).map { costClass, profile in
      var functions: [String: Int] = [:]
      for (name, count) in profile.functions { functions[names[name] ?? name, default: 0] += count }
      return CostEntry(
        name: costClass.name, inputDigest: costClass.inputDigest, calls: costClass.calls.count,
        windowBytes: costClass.windowBytes, instructions: profile.instructions,
        functions: functions)
    }
  }

  /// Copies the binary into `folder` and writes each class's requests
  /// there, `<index>.requests`.
  ///
  /// - Returns: The copy's path.
  private static func prepare(
    _ folder: String, binary: String, classes: [CostClass]
  ) throws(Failure) -> String {
    // A copy, not a link: the runtime reads its own path (/proc/self/exe)
    // onto the heap, and a path of another length moves every later
    // block, and with it what memchr and memcmp count on the messages.
    let copy = folder + "/notification-body"
    do {
      try FileManager.default.copyItem(atPath: binary, toPath: copy)
    } catch {
      throw Failure(description: "\(binary): cannot be copied to \(copy) (\(error))")
    }
    for (index, costClass) in classes.enumerated() {
      let lines = costClass.calls.flatMap {
        AgainstProtocol.requestLine(
          input: $0.message, limit: NotificationBody.Limit(utf16Units: $0.limit))
      }
      do {
        try writeAtomically(lines, toPath: "\(folder)/\(index).requests")
      } catch {
        throw Failure(description: error.description)
      }
    }
    return copy
  }

  /// Why one class could not be counted.
  private struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// One valgrind run: the class's requests in, answers out, the profile read.
  private static func count(
    _ costClass: CostClass, at index: Int, binary: String, folder: String,
    children: ChildProcessGroups
  ) -> Result<CostProfile, Problem> {
    let base = "\(folder)/\(index)"
    var valgrind = ChildCommand(
      "valgrind",
      [
        "--tool=callgrind", "--callgrind-out-file=\(base).callgrind", "--collect-atstart=no",
        "--toggle-collect=\(entryPoint)", binary, "serve",
      ],
      output: .files(output: "\(base).answers", errors: "\(base).log"))
    valgrind.environment = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "SWIFT_DETERMINISTIC_HASHING": "1", "LD_BIND_NOW": "1", "SWIFT_BACKTRACE": "enable=off",
      "LC_ALL": "C",
    ]
    (valgrind.folder, valgrind.input) = (folder, "\(base).requests")
    let ended = children.run(valgrind)
    let logText = (try? String(contentsOfFile: "\(base).log", encoding: .utf8)) ?? ""
    guard ended.status == 0 else {
      let tail = logText.split(separator: "\n").suffix(5).joined(separator: "\n  | ")
      return .failure(
        Problem(
          description: "valgrind \(ended.ending)"
            + (ended.startFailure == nil ? ":\n  | \(tail)" : "")))
    }
    let answered = ended.output.split(separator: "\n")
    guard answered.count == costClass.calls.count,
      answered.allSatisfy({ $0.hasPrefix("{\"body\"") })
    else {
      let refusal = answered.first { !$0.hasPrefix("{\"body\"") }.map { ": \($0.prefix(200))" }
      return .failure(
        Problem(
          description: "serve gave \(answered.count) answers to \(costClass.calls.count) "
            + "requests\(refusal ?? "")"))
    }
    let profile: CostProfile
    do {
      profile = try CostProfile(
        callgrindOutput: String(contentsOfFile: "\(base).callgrind", encoding: .utf8))
    } catch {
      return .failure(Problem(description: "\(base).callgrind: \(error)"))
    }
    guard profile.instructions > 0 || costClass.calls.isEmpty else {
      return .failure(
        Problem(
          description: "callgrind counted nothing inside NotificationBody.make(from:limit:) "
            + "(\(entryPoint)): the build never calls it by that name"))
    }
    return .success(profile)
  }

  /// Each Swift symbol's name as a person looks it up
  /// (`swift demangle --simplified`, with "specialized" and "static"
  /// dropped): `InlineScanner.scan(paragraph:into:)`, `Set.contains(_:)`.
  /// Names it cannot demangle stay as they are.
  package static func demangled(_ names: Set<String>) -> [String: String] {
    let mangled = names.filter { $0.hasPrefix("$s") || $0.hasPrefix("_$s") }.sorted()
    guard !mangled.isEmpty else { return [:] }
    let run = runToEnd(["swift", "demangle", "--simplified", "--compact"] + mangled)
    let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
    guard run.status == 0, lines.count >= mangled.count else { return [:] }
    var result: [String: String] = [:]
    for (name, line) in zip(mangled, lines) {
      var shown = Substring(line)
      for prefix in ["specialized ", "static ", "merged "] where shown.hasPrefix(prefix) {
        shown = shown.dropFirst(prefix.count)
      }
      result[name] = String(shown)
    }
    return result
  }
}

/// Progress lines from worker threads, passed on by the thread that waits
/// for them, so they reach the console as they come.
package final class ProgressLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []
  private var result: Any?

  package func append(_ line: String) {
    lock.withLock { lines.append(line) }
  }

  private func drained() -> [String] {
    lock.withLock {
      defer { lines = [] }
      return lines
    }
  }

  /// Runs `work` on another thread and hands each line it appends to
  /// `progress` on this one, at most half a second late.
  package static func run<Result: Sendable>(
    progress: (String) -> Void, _ work: @escaping @Sendable (ProgressLines) -> Result
  ) -> Result {
    let lines = ProgressLines()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      let result = work(lines)
      lines.lock.withLock { lines.result = result }
      done.signal()
    }
    while done.wait(timeout: .now() + 0.5) == .timedOut {
      lines.drained().forEach(progress)
    }
    lines.drained().forEach(progress)
    return lines.lock.withLock { lines.result as! Result }
  }
}
