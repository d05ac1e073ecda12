import Foundation
import NotificationBody
import NotificationBodySnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `notification-body` built at the baseline revision, asked for bodies
/// the fastest way it can answer: `serve` when it has it (one process, the
/// line protocol of docs/against-protocol.md), else `render` once an input
/// through a file, for revisions from before `serve`.
enum BaselineBinary {
  /// `serve` behind the line protocol.
  case serve(ExternalImplementation)
  /// `render --limit <n> <file>`, one process an input; `scratch` is a
  /// folder for the input files.
  case render(binary: String, scratch: String)

  /// How long `serve` may take to answer one input, its start included.
  static let timeout: Duration = .seconds(30)

  /// Finds out what `binary` offers and starts it.
  ///
  /// - Parameters:
  ///   - binary: The baseline's built `notification-body`.
  ///   - scratch: A folder for `render`'s input files.
  ///   - revision: The revision, for messages.
  /// - Throws: `CommandError.failure` when the binary has neither `serve`
  ///   nor `render`: the revision is too old to compare with.
  static func start(binary: String, scratch: String, revision: String) throws(CommandError)
    -> BaselineBinary
  {
    if runToEnd([binary, "help", "serve"]).status == 0 {
      return .serve(
        try ExternalImplementation(command: shellQuoted(binary) + " serve", timeout: timeout))
    }
    guard runToEnd([binary, "help", "render"]).status == 0 else {
      throw .failure(
        "--baseline '\(revision)' is too old: its notification-body has neither `serve` nor "
          + "`render`, so its bodies cannot be asked for")
    }
    return .render(binary: binary, scratch: scratch)
  }

  /// How the report names the way bodies were asked for.
  var method: String {
    switch self {
    case .serve: "its `serve`"
    case .render: "its `render`, one process an input (it predates `serve`)"
    }
  }

  /// The baseline's body of each input.
  ///
  /// - Parameter inputs: Messages and their limits.
  /// - Returns: One body per input, in order.
  /// - Throws: `CommandError.failure` naming the input the baseline did not
  ///   answer.
  func bodies(for inputs: [DiffInput]) throws(CommandError) -> [String] {
    switch self {
    case .serve(let external):
      var bodies: [String] = []
      for input in inputs {
        do {
          bodies.append(try external.body(for: input.message, limit: input.limit))
        } catch {
          throw .failure("the baseline's serve, given \(describe(input)), \(error)")
        }
      }
      return bodies
    case .render(let binary, let scratch):
      let answers = Array(inputs.enumerated()).concurrentMap { index, input in
        Self.render(binary: binary, input, file: "\(scratch)/input-\(index)")
      }
      var bodies: [String] = []
      for (input, answer) in zip(inputs, answers) {
        switch answer {
        case .success(let body): bodies.append(body)
        case .failure(let problem):
          throw .failure("the baseline's render, given \(describe(input)), \(problem)")
        }
      }
      return bodies
    }
  }

  /// Ends `serve`; nothing to do for `render`.
  func stop() {
    if case .serve(let external) = self { external.stop() }
  }

  /// Why `render` gave no body.
  private struct Problem: Error, CustomStringConvertible {
    var description: String
  }

  /// The body `render` prints for one input, written to `file` first.
  ///
  /// The process is spawned and waited for directly, its output going to
  /// files: Foundation's `Process` waits on a run loop in steps that would
  /// make each of these short runs several times slower.
  private static func render(binary: String, _ input: DiffInput, file: String) -> Result<
    String, Problem
  > {
    let (output, errors) = (file + ".out", file + ".err")
    defer {
      for path in [file, output, errors] { try? FileManager.default.removeItem(atPath: path) }
    }
    guard FileManager.default.createFile(atPath: file, contents: Data(input.message.utf8)) else {
      return .failure(Problem(description: "\(file): cannot be written"))
    }
    let status = spawnAndWait(
      [binary, "render", "--limit", String(input.limit.utf16Units), file], output: output,
      errors: errors)
    let printed = FileManager.default.contents(atPath: output).map {
      String(decoding: $0, as: UTF8.self)
    }
    guard status == 0, let printed, printed.hasSuffix("\n") else {
      let message = FileManager.default.contents(atPath: errors).map {
        String(decoding: $0, as: UTF8.self)
      }
      return .failure(
        Problem(
          description: (status.map { "exited with status \($0)" } ?? "could not be run or crashed")
            + ": \(DiffInput.shortened(message ?? ""))"))
    }
    // Scalar by scalar: a body that ends in "\r" would lose it with a Character.
    return .success(String(String.UnicodeScalarView(printed.unicodeScalars.dropLast())))
  }

  /// Runs `arguments` with standard output and standard error sent to files,
  /// and waits for it.
  ///
  /// - Returns: Its exit status; nil when it could not be started or ended
  ///   by a signal.
  private static func spawnAndWait(_ arguments: [String], output: String, errors: String)
    -> Int32?
  {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t? = nil
    #else
      var actions = posix_spawn_file_actions_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = arguments.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, environ) == 0 else { return nil }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      guard errno == EINTR else { return nil }
    }
    // WIFEXITED and WEXITSTATUS, which Swift does not import.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
  }

  private func describe(_ input: DiffInput) -> String {
    "\(input.source) \(DiffInput.shortened(input.message)) at limit \(input.limit.utf16Units)"
  }
}

/// `text` quoted for `/bin/sh`.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
}
