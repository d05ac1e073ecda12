import Foundation

/// A child process to run: the program, where and with what it runs, and
/// where its output goes. Every child of the package starts from one
/// (`ChildProcessGroups.run(_:deadline:lines:)`, `start(_:)`).
///
///     ChildCommand("git", ["rev-parse", "HEAD"])                      // found on PATH
///     ChildCommand(binary, ["recheck", input], output: .log("probe.log"))
package struct ChildCommand: Sendable {
  /// A path (relative to this process's folder), or a name `/usr/bin/env`
  /// finds on `PATH`.
  package var program: String
  package var arguments: [String]
  package var output: Output
  /// Its environment; this process's when nil.
  package var environment: [String: String]? = nil
  /// Its working folder; this process's when nil.
  package var folder: String? = nil
  /// The file it reads as standard input; nothing (`/dev/null`) when nil.
  package var input: String? = nil

  /// Where a child's standard output and standard error go.
  package enum Output: Sendable {
    /// Both kept together, and handed back in `ChildEnding.output`.
    case kept
    /// Standard output in `ChildEnding.output`, standard error apart in
    /// `ChildEnding.errors`.
    case keptApart
    /// Standard output to one file and standard error to another, or both to
    /// one: the output file is read back into `ChildEnding.output` when the
    /// child has ended. A child that floods its output never blocks.
    case files(output: String, errors: String)

    /// Both streams to one log file.
    package static func log(_ path: String) -> Output { .files(output: path, errors: path) }
  }

  /// A child running `program` with `arguments`; its environment, folder
  /// and input are this process's, `/dev/null`, until set.
  package init(_ program: String, _ arguments: [String] = [], output: Output = .kept) {
    self.program = program
    self.arguments = arguments
    self.output = output
  }
}

/// How a child ended.
package struct ChildEnding: Sendable, Equatable {
  /// The exit status; -1 when it could not be started or a signal ended it.
  package var status: Int32
  /// Its output, as `ChildCommand.Output` keeps it.
  package var output: String
  /// The signal that ended it, when one did.
  package var signal: Int32? = nil
  /// Whether it ran past its deadline and was killed.
  package var killedAtDeadline = false
  /// Its standard error, when kept apart.
  package var errors = ""
  /// Why it could not be started, when it could not.
  package var startFailure: String? = nil

  /// How it ended, for a message: "exited 1", "was killed by signal 9",
  /// "ran past its deadline and was killed", "could not be started (…)".
  package var ending: String {
    if let startFailure { return "could not be started (\(startFailure))" }
    if killedAtDeadline { return "ran past its deadline and was killed" }
    if let signal { return "was killed by signal \(signal)" }
    return status == -1 ? "could not be started" : "exited \(status)"
  }
}

extension ChildProcessGroups {
  /// Runs `command` to its end, or until `deadline`, then ends its process
  /// group: what it left behind is killed too, and so is all of it on
  /// SIGINT or SIGTERM (`InterruptWatch`).
  ///
  /// - Parameters:
  ///   - deadline: How long it may run; no bound when nil.
  ///   - lines: With a kept output, receives each of its lines as it comes.
  /// - Returns: How it ended, never throwing: a child that cannot start
  ///   says why in `startFailure`.
  package func run(
    _ command: ChildCommand, deadline: Duration? = nil, lines: (String) -> Void = { _ in }
  ) -> ChildEnding {
    let process: Process
    let streams: Streams
    do {
      (process, streams) = try prepare(command)
      try start(process)
    } catch {
      return ChildEnding(status: -1, output: "", startFailure: "\(command.program): \(error)")
    }
    let watch = ExitWatch(process, deadline: deadline, groups: self)
    var output = streams.read(lines: lines)
    watch.wait()
    end(process)
    streams.close()
    if case .files(let path, _) = command.output {
      output.output =
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
        ?? ""
    }
    let exited = process.terminationReason == .exit
    return ChildEnding(
      status: exited ? process.terminationStatus : -1, output: output.output,
      signal: exited ? nil : process.terminationStatus, killedAtDeadline: watch.killed,
      errors: output.errors)
  }

  /// Starts `command` with pipes to all three of its streams, for a caller
  /// that talks to it (`ExternalImplementation`); `end(_:grace:)`
  /// ends it.
  package func startTalking(_ command: ChildCommand) throws(StartFailure) -> TalkingChild {
    let child = TalkingChild(command.process())
    child.process.standardInput = child.input
    child.process.standardOutput = child.output
    child.process.standardError = child.errors
    try start(child.process)
    return child
  }

  /// The process for `command` and its streams, not yet started.
  private func prepare(_ command: ChildCommand) throws -> (Process, Streams) {
    let process = command.process()
    if let input = command.input {
      guard let handle = FileHandle(forReadingAtPath: input) else {
        throw StartFailure(description: "\(input): cannot be read")
      }
      process.standardInput = handle
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    let streams = try Streams(command.output)
    process.standardOutput = streams.outputTarget
    process.standardError = streams.errorsTarget
    return (process, streams)
  }
}

/// A child the caller writes to and reads from, through pipes.
package final class TalkingChild {
  package let process: Process
  package let input = Pipe()
  package let output = Pipe()
  package let errors = Pipe()

  init(_ process: Process) {
    self.process = process
  }
}

extension ChildCommand {
  /// The process that runs it, its streams not yet set: the package's one
  /// `Process()`.
  ///
  /// A child inherits the signals its parent ignores, and while an
  /// `InterruptWatch` holds SIGINT and SIGTERM this process ignores both:
  /// on Linux the child is started through `env --default-signal`, so it
  /// meets them with their default action. A path that is no executable
  /// file is run as it is, so that starting it fails as it would.
  fileprivate func process() -> Process {
    let process = Process()
    let path = program.contains("/") ? URL(fileURLWithPath: program).path : nil
    #if os(Linux)
      let throughEnv = path.map(FileManager.default.isExecutableFile(atPath:)) ?? true
      let envOptions = ["--default-signal=INT,TERM", "--"]
    #else
      let throughEnv = path == nil
      let envOptions = ["--"]
    #endif
    process.executableURL = URL(fileURLWithPath: throughEnv ? "/usr/bin/env" : program)
    process.arguments = (throughEnv ? envOptions + [path ?? program] : []) + arguments
    if let environment { process.environment = environment }
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    return process
  }
}

/// Where a run's output goes, and how it is read back.
private struct Streams {
  var outputTarget: Any
  var errorsTarget: Any
  private var pipes: (output: Pipe?, errors: Pipe?) = (nil, nil)
  private var files: [FileHandle] = []

  init(_ output: ChildCommand.Output) throws {
    switch output {
    case .kept:
      let pipe = Pipe()
      (outputTarget, errorsTarget, pipes) = (pipe, pipe, (pipe, nil))
    case .keptApart:
      let (out, err) = (Pipe(), Pipe())
      (outputTarget, errorsTarget, pipes) = (out, err, (out, err))
    case .files(let outputPath, let errorsPath):
      let out = try Self.created(outputPath)
      let err = errorsPath == outputPath ? out : try Self.created(errorsPath)
      (outputTarget, errorsTarget, files) = (out, err, [out, err])
    }
  }

  /// A new or emptied file, 0666 less the umask as every file the command makes.
  private static func created(_ path: String) throws -> FileHandle {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw ChildProcessGroups.StartFailure(
        description: "\(path): cannot be written (\(String(cString: strerror(errno))))")
    }
    return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
  }

  /// Reads the pipes to their end: standard error on another thread, so
  /// neither can fill up and stall the child.
  func read(lines: (String) -> Void) -> (output: String, errors: String) {
    guard let outputPipe = pipes.output else { return ("", "") }
    let errorsRead = pipes.errors.map { pipe in
      let box = ReadBox()
      let done = DispatchSemaphore(value: 0)
      DispatchQueue.global().async {
        box.data = (try? pipe.fileHandleForReading.readToEnd()) ?? Data()
        done.signal()
      }
      return (box, done)
    }
    var output = Data()
    var pending = LineBuffer()
    while true {
      let data = outputPipe.fileHandleForReading.availableData
      if data.isEmpty { break }
      output.append(data)
      pending.append(data)
      while let line = pending.popLine() { lines(String(decoding: line, as: UTF8.self)) }
    }
    if !pending.isEmpty { lines(String(decoding: pending.popRest(), as: UTF8.self)) }
    let errors = errorsRead.map { box, done in
      done.wait()
      return String(decoding: box.data, as: UTF8.self)
    }
    return (String(decoding: output, as: UTF8.self), errors ?? "")
  }

  func close() {
    for file in files { try? file.close() }
    for pipe in [pipes.output, pipes.errors].compactMap({ $0 }) {
      try? pipe.fileHandleForReading.close()
    }
  }
}

/// Data a reading thread hands over once it has signalled.
private final class ReadBox: @unchecked Sendable {
  var data = Data()
}

/// Watches a started child from another thread: once it has exited, kills
/// what it left in its group, which closes the pipes they held; at its
/// deadline, kills the whole group.
private final class ExitWatch: @unchecked Sendable {
  private let lock = NSLock()
  private var killedAtDeadline = false
  private let done = DispatchSemaphore(value: 0)

  var killed: Bool { lock.withLock { killedAtDeadline } }

  init(_ process: Process, deadline: Duration?, groups: ChildProcessGroups) {
    let end = deadline.map { ContinuousClock.now + $0 }
    DispatchQueue.global().async { [self] in
      while !ChildProcessGroups.hasExited(process) {
        if let end, ContinuousClock.now >= end {
          lock.withLock { killedAtDeadline = true }
          break
        }
        usleep(10_000)
      }
      ChildProcessGroups.killGroup(of: process)
      done.signal()
    }
  }

  /// Waits until the child has exited or been killed.
  func wait() {
    done.wait()
  }
}
