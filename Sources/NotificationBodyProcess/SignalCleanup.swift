import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a cleanup when SIGINT or SIGTERM arrives, then ends the process as
/// the signal would have, so an interrupted run leaves nothing behind.
///
///     let children = ChildProcessGroups()
///     let watch = InterruptWatch { _ in children.killAll() }
///     defer { watch.cancel() }
///
/// Until `cancel()`, the two signals no longer end the process by
/// themselves: a dispatch source receives them and calls the cleanup on
/// another thread while the run goes on blocked where it was. Every
/// subcommand that starts a child process watches so: `diff --against`,
/// `gate --baseline` and `triage`.
package final class InterruptWatch: @unchecked Sendable {
  private let sources: [any DispatchSourceSignal]
  /// What each signal did before the watch, given back by `cancel()`.
  private let previous: [Int32: sighandler_t?]
  /// Guards `ending` and `cancelled`: a signal's cleanup and `cancel()` each
  /// go first or not at all.
  private let lock = NSLock()
  /// Set when a signal's cleanup starts: the process ends by the signal.
  private var ending = false
  private var cancelled = false

  /// Starts watching.
  ///
  /// - Parameter cleanup: Called once with the signal's number, before the
  ///   process ends.
  package init(cleanup: @escaping @Sendable (Int32) -> Void) {
    var previous: [Int32: sighandler_t?] = [:]
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      previous[number] = signal(number, SIG_IGN)
      sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
    }
    self.sources = sources
    self.previous = previous
    for source in sources {
      let number = Int32(source.handle)
      source.setEventHandler { [self] in
        guard beginEnding() else { return }
        cleanup(number)
        Self.endAsSignalled(by: number)
      }
      source.resume()
    }
  }

  /// Whether a signal's cleanup may run: the first, unless `cancel()` came
  /// first.
  private func beginEnding() -> Bool {
    lock.lock()
    defer { lock.unlock() }
    guard !ending, !cancelled else { return false }
    ending = true
    return true
  }

  /// Watches for the signals and kills `children`'s process groups when
  /// one arrives.
  ///
  /// - Parameters:
  ///   - children: The run's child processes.
  ///   - also: More cleanup, after the children are killed.
  package convenience init(
    killing children: ChildProcessGroups, also: (@Sendable (Int32) -> Void)? = nil
  ) {
    self.init { number in
      children.killAll()
      also?(number)
    }
  }

  /// Ends the process by `number`'s default action, from any thread.
  ///
  /// The process may have every thread block the signal: a parent's mask
  /// is inherited (a test runner's, a dispatch queue's), and dispatch's
  /// threads block signals. So the signal is unblocked on this thread and
  /// sent to it alone.
  private static func endAsSignalled(by number: Int32) -> Never {
    signal(number, SIG_DFL)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, number)
    pthread_sigmask(SIG_UNBLOCK, &set, nil)
    pthread_kill(pthread_self(), number)
    // Only if the signal could not end it.
    exit(128 + number)
  }

  /// Stops watching and gives the signals their action before the watch
  /// back.
  ///
  /// When a signal's cleanup has begun, it never returns: the run, which a
  /// killed child may have sent down its error path, must not end the
  /// process with its own status before the signal ends it.
  package func cancel() {
    lock.lock()
    let wasEnding = ending
    let wasCancelled = cancelled
    cancelled = true
    lock.unlock()
    while wasEnding { sleep(60) }
    guard !wasCancelled else { return }
    for source in sources {
      source.cancel()
      let number = Int32(source.handle)
      signal(number, (previous[number] ?? nil) ?? SIG_DFL)
    }
  }
}
