import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The child processes a run has started and not yet ended, each the
/// leader of a process group of its own, so that a signal's cleanup can
/// kill them, and whatever they started, from any thread.
///
///     let children = ChildProcessGroups()
///     let watch = InterruptWatch(killing: children)
///     defer { watch.cancel() }
///     try children.start(process)
///     ...
///     children.end(process)
///
/// Foundation's `Process` spawns each child as a process group of its own
/// (on Linux), so a child's own children share its group and one
/// `kill(-pid, SIGKILL)` ends them all, even after the child itself has
/// gone. A group's number is not handed out again while any of its
/// processes lives, so killing a recorded group never hits another.
package final class ChildProcessGroups: @unchecked Sendable {
  /// A child could not be started.
  package struct StartFailure: Error, CustomStringConvertible {
    package var description: String
  }

  private let lock = NSLock()
  /// The leaders, by process ID.
  private var groups: [pid_t: Process] = [:]
  /// Whether `killAll()` ran: the run is ending, and starts nothing more.
  private var ending = false

  package init() {}

  /// Starts `process` and records its group, in one step that `killAll()`
  /// waits for, so no child escapes a signal that arrives meanwhile.
  ///
  /// - Throws: `StartFailure` when the process cannot be started, or the
  ///   run is ending.
  package func start(_ process: Process) throws(StartFailure) {
    lock.lock()
    defer { lock.unlock() }
    guard !ending else { throw StartFailure(description: "the run is being interrupted") }
    // A child inherits the starting thread's signal mask, and a dispatch or
    // test runner's thread blocks nearly every signal: such a child would
    // never see the SIGINT or SIGTERM that ends it. It starts with none
    // blocked, and the thread gets its own mask back.
    var none = sigset_t()
    var own = sigset_t()
    sigemptyset(&none)
    pthread_sigmask(SIG_SETMASK, &none, &own)
    defer { pthread_sigmask(SIG_SETMASK, &own, nil) }
    do {
      try process.run()
    } catch {
      throw StartFailure(description: "\(error)")
    }
    if process.processIdentifier > 0 { groups[process.processIdentifier] = process }
  }

  /// Ends `process`'s group, the process included, waits for the process
  /// and forgets it: the one way every child of the package ends. After a
  /// child has exited this ends what it left behind in its group. Safe to
  /// call more than once.
  ///
  /// - Parameter grace: How long the process may take to exit by itself
  ///   first (a child whose input was closed).
  package func end(_ process: Process, grace: Duration = .zero) {
    let pid = process.processIdentifier
    guard pid > 0 else { return }
    let deadline = ContinuousClock.now + grace
    while !Self.hasExited(process) && ContinuousClock.now < deadline { usleep(5_000) }
    Self.killGroup(of: process)
    process.waitUntilExit()
    lock.withLock { _ = groups.removeValue(forKey: pid) }
  }

  /// Whether `process` has exited, told by the system without reaping it.
  ///
  /// `Process.isRunning` and `waitUntilExit()` learn of an exit only once
  /// every descendant has closed a socket Foundation gives the child, so a
  /// process left behind (a backtracer, a background job) hides the exit
  /// until its group is killed. This asks `waitid` instead and leaves the
  /// reaping to Foundation.
  package static func hasExited(_ process: Process) -> Bool {
    let pid = process.processIdentifier
    guard pid > 0 else { return true }
    var info = siginfo_t()
    let found = waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT)
    // -1 (ECHILD): already reaped. 0 with no signal number: still running.
    return found != 0 || info.si_signo != 0
  }

  /// Kills every recorded group and refuses further starts: a signal's
  /// cleanup, callable from any thread. It does not wait: the processes
  /// are killed, and the system reaps them once this process has ended.
  ///
  /// - Parameter interruptingFor: With a duration, each group gets SIGINT
  ///   first, as from a terminal, and that long to end: a build then
  ///   cancels the compilers it started, each a group of its own, which
  ///   SIGKILL to its group would leave running.
  package func killAll(interruptingFor grace: Duration? = nil) {
    let running = lock.withLock {
      ending = true
      return Array(groups.values)
    }
    if let grace {
      for process in running where process.processIdentifier > 0 {
        kill(-process.processIdentifier, SIGINT)
      }
      let deadline = ContinuousClock.now + grace
      while running.contains(where: { !Self.hasExited($0) }) && ContinuousClock.now < deadline {
        usleep(20_000)
      }
    }
    for process in running { Self.killGroup(of: process) }
  }

  /// SIGKILL to the group `process` leads, or to the process alone while
  /// it runs and leads no group.
  static func killGroup(of process: Process) {
    let pid = process.processIdentifier
    // Never 0: kill(-0, …) would signal this process's own group.
    guard pid > 0 else { return }
    if kill(-pid, SIGKILL) != 0 && process.isRunning {
      kill(pid, SIGKILL)
    }
  }
}
