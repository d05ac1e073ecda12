import Foundation
import NotificationBodyHarness
import NotificationBodyProcess
import Testing

@testable import NotificationBodyCommand
@testable import NotificationBodyFindings

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process that hangs and has a child of its own: a stand-in for a
/// port or fuzzer that never answers, to show that nothing the command
/// started outlives it.
enum HangingChild {
  /// A shell script that starts `sleep` in the background, records its own
  /// process ID in `parent.pid` and the sleep's in `child.pid` of `folder`
  /// (a shell word, e.g. `"$DIR"` or a path), then waits forever.
  static func script(recordingIn folder: String) -> String {
    """
    sleep 1000 &
    echo $! > "\(folder)/child.tmp" && mv "\(folder)/child.tmp" "\(folder)/child.pid"
    echo $$ > "\(folder)/parent.tmp" && mv "\(folder)/parent.tmp" "\(folder)/parent.pid"
    wait
    """
  }

  /// The two process IDs the script recorded in `folder`.
  static func pids(in folder: String) throws -> [pid_t] {
    try ["parent.pid", "child.pid"].map { name in
      let text = try String(contentsOfFile: folder + "/" + name, encoding: .utf8)
      return try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
    }
  }

  /// The process IDs once the script has recorded both: nil when it has
  /// not within a generous bound.
  static func waitForPids(in folder: String) -> [pid_t]? {
    for _ in 0..<400 {
      if FileManager.default.fileExists(atPath: folder + "/parent.pid"),
        let pids = try? pids(in: folder)
      {
        return pids
      }
      usleep(50_000)
    }
    return nil
  }

  /// Whether `pid` has ended: no such process, or a zombie that only its
  /// parent's reaping keeps in the table.
  static func hasEnded(_ pid: pid_t) -> Bool {
    if kill(pid, 0) != 0 && errno == ESRCH { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    // "pid (name) state …"; the name may hold spaces or parentheses.
    guard let close = stat.range(of: ") ", options: .backwards) else { return false }
    return stat[close.upperBound...].hasPrefix("Z")
  }

  /// Polls until `pid` has ended, a bounded number of times.
  static func waitUntilEnded(_ pid: pid_t) -> Bool {
    for _ in 0..<200 {
      if hasEnded(pid) { return true }
      usleep(50_000)
    }
    return false
  }

  /// Kills what is left of `pids`, so a failing test leaves nothing behind.
  static func killLeftovers(_ pids: [pid_t]) {
    for pid in pids where pid > 0 && !hasEnded(pid) {
      kill(pid, SIGKILL)
    }
  }
}

/// The built binary, started and not waited for; its output goes to
/// `output` in `folder`.
private func startBuiltTool(_ arguments: [String], outputIn folder: String) throws -> Process {
  let process = Process()
  process.executableURL = try BuiltTool.location.get()
  process.arguments = arguments
  var environment = ProcessInfo.processInfo.environment
  environment["SWIFT_BACKTRACE"] = "enable=off"
  process.environment = environment
  let output = folder + "/output"
  _ = FileManager.default.createFile(atPath: output, contents: nil)
  let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = handle
  process.standardError = handle
  try process.run()
  try handle.close()
  return process
}

/// Waits, a bounded number of times, for `process` to end.
private func waitUntilExit(_ process: Process) -> Bool {
  for _ in 0..<400 where process.isRunning {
    usleep(50_000)
  }
  guard !process.isRunning else { return false }
  process.waitUntilExit()
  return true
}

/// Sends `number` to the built binary once its hanging child has started,
/// then checks that it ended as the signal ends it, and its child and
/// grandchild with it.
private func expectSignalEndsEverything(
  _ arguments: [String], recordedIn folder: String, signal number: Int32
) throws {
  let command = try startBuiltTool(arguments, outputIn: folder)
  defer {
    if command.isRunning { kill(command.processIdentifier, SIGKILL) }
    command.waitUntilExit()
  }
  let pids = try #require(HangingChild.waitForPids(in: folder), "the child never started")
  defer { HangingChild.killLeftovers(pids) }
  kill(command.processIdentifier, number)
  try #require(waitUntilExit(command), "the command did not end on signal \(number)")
  let output = (try? String(contentsOfFile: folder + "/output", encoding: .utf8)) ?? ""
  #expect(command.terminationReason == .uncaughtSignal, "\(output)")
  #expect(command.terminationStatus == number)
  for pid in pids {
    #expect(HangingChild.waitUntilEnded(pid), "process \(pid) outlived the command: \(output)")
  }
}

@Test(arguments: [SIGTERM, SIGINT])
func diffKillsAHangingPortWhenSignalled(_ number: Int32) throws {
  let directory = try TemporaryDirectory()
  let folder = directory.url.path
  let port = try directory.file("port.sh", Array(HangingChild.script(recordingIn: folder).utf8))
  try expectSignalEndsEverything(
    ["diff", "--count", "1", "--timeout", "30", "--against", "sh " + shellQuoted(port)],
    recordedIn: folder, signal: number)
}

@Test(arguments: [SIGTERM, SIGINT])
func triageKillsAHangingFuzzerWhenSignalled(_ number: Int32) throws {
  let workspace = try FaultWorkspace(fuzzer: HangingChild.script(recordingIn: "$DIR"))
  try workspace.artifact(.differential, "timeout-h", [0x00, 0x61])
  try expectSignalEndsEverything(
    workspace.arguments(), recordedIn: workspace.root, signal: number)
}

/// Runs the built binary to its end, waiting a bounded number of times, so
/// a command that hangs fails the test instead of hanging it.
///
/// - Returns: Its exit status and output; nil when it did not end.
private func runBounded(_ arguments: [String], outputIn folder: String) throws -> (
  status: Int32, output: String
)? {
  let command = try startBuiltTool(arguments, outputIn: folder)
  defer {
    if command.isRunning { kill(command.processIdentifier, SIGKILL) }
    command.waitUntilExit()
  }
  guard waitUntilExit(command) else { return nil }
  let output = (try? String(contentsOfFile: folder + "/output", encoding: .utf8)) ?? ""
  return (command.terminationReason == .exit ? command.terminationStatus : -1, output)
}

/// `diff` ends the port's process group when it is done, as it does when
/// signalled.
@Test func diffLeavesNoChildOfAPortThatFailed() throws {
  let directory = try TemporaryDirectory()
  let folder = directory.url.path
  let port = try directory.file("port.sh", Array(HangingChild.script(recordingIn: folder).utf8))
  let run = try runBounded(
    ["diff", "--count", "1", "--timeout", "0.5", "--against", "sh " + shellQuoted(port)],
    outputIn: folder)
  let pids = try HangingChild.pids(in: folder)
  defer { HangingChild.killLeftovers(pids) }
  let ended = try #require(run, "diff did not end")
  #expect(ended.status == 1)
  #expect(ended.output.contains("did not answer within 0.5 s; it was stopped"))
  for pid in pids {
    #expect(HangingChild.waitUntilEnded(pid), "process \(pid) outlived diff")
  }
}

/// A replay that runs past its deadline is killed with its process group,
/// and triage goes on.
@Test func triageKillsAReplayAtItsDeadline() throws {
  let workspace = try FaultWorkspace(fuzzer: HangingChild.script(recordingIn: "$DIR"))
  try workspace.artifact(.library, "timeout-h", [0x00, 0x61])
  let run = try runBounded(
    workspace.arguments(["--replay-seconds", "1"]), outputIn: workspace.root)
  let pids = try HangingChild.pids(in: workspace.root)
  defer { HangingChild.killLeftovers(pids) }
  let ended = try #require(run, "triage did not end")
  #expect(ended.status == 1)
  #expect(try workspace.findings()["timeout-h"]?["status"] as? String == "fuzzer error")
  #expect(
    ended.output.contains(
      "Error: FuzzLibrary/timeout-h: the fuzzer ran past the 1 s deadline and was killed"))
  for pid in pids {
    #expect(HangingChild.waitUntilEnded(pid), "process \(pid) outlived triage's replay")
  }
}

/// A fuzzer that exits and leaves a process behind in its group: the exit
/// is seen at once, not at the deadline, and what it left is killed.
@Test func triageEndsWhatAFuzzerLeftBehind() throws {
  let script = """
    sleep 1000 &
    echo $! > "$DIR/child.tmp" && mv "$DIR/child.tmp" "$DIR/child.pid"
    echo $$ > "$DIR/parent.tmp" && mv "$DIR/parent.tmp" "$DIR/parent.pid"
    exit 0
    """
  let workspace = try FaultWorkspace(fuzzer: script)
  try workspace.artifact(.library, "crash-p", [0x00, 0x61])
  // A deadline the bounded wait below ends well before.
  let run = try runBounded(
    workspace.arguments(["--replay-seconds", "600"]), outputIn: workspace.root)
  let pids = try HangingChild.pids(in: workspace.root)
  defer { HangingChild.killLeftovers(pids) }
  let ended = try #require(run, "triage waited for what the fuzzer left behind")
  #expect(ended.status == 0, "\(ended.output)")
  #expect(try workspace.findings()["crash-p"]?["status"] as? String == "not reproduced")
  for pid in pids {
    #expect(HangingChild.waitUntilEnded(pid), "process \(pid) outlived triage")
  }
}

/// A child starts with no signal blocked and SIGINT and SIGTERM at their
/// default action, whatever the thread that starts it blocks (a test
/// runner's or dispatch's threads block most signals, and a child inherits
/// the mask) and whatever an `InterruptWatch` of this process ignores
/// (a child inherits that too): otherwise a fuzzer ignores the runner's
/// SIGTERM and a build its SIGINT, and each runs on after it was stopped.
@Test func aChildStartsWithNoSignalBlockedOrIgnored() throws {
  var blocked = sigset_t()
  sigemptyset(&blocked)
  for number in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&blocked, number) }
  var before = sigset_t()
  pthread_sigmask(SIG_BLOCK, &blocked, &before)
  defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
  // As an InterruptWatch has them until its dispatch sources take over.
  let previous = [SIGINT, SIGTERM].map { ($0, signal($0, SIG_IGN)) }
  defer { for (number, action) in previous { signal(number, action) } }
  let children = ChildProcessGroups()
  // grep itself, not a shell: dash clears its mask when it starts.
  for program in ["grep", "/bin/grep"] {
    let ending = children.run(
      ChildCommand(program, ["^Sig\\(Blk\\|Ign\\):", "/proc/self/status"]),
      deadline: .seconds(60))
    #expect(ending.status == 0, "\(ending.ending): \(ending.output)")
    let lines = ending.output.split(separator: "\n")
    #expect(lines.first == "SigBlk:\t0000000000000000", "\(program): \(ending.output)")
    // Bit 1 is SIGINT, bit 14 SIGTERM.
    let ignored = lines.last.flatMap { UInt64($0.dropFirst("SigIgn:\t".count), radix: 16) }
    #expect(ignored.map { $0 & (1 << 1 | 1 << 14) } == 0, "\(program): \(ending.output)")
  }
  // The starting thread keeps its own mask.
  var now = sigset_t()
  pthread_sigmask(SIG_SETMASK, nil, &now)
  #expect(sigismember(&now, SIGTERM) == 1)
}
