import Foundation
import NotificationBody
import NotificationBodyCost

/// The Swift side of the ports benchmark (Benchmarks/ports-bench): the four
/// classes of messages every engine times, and the library timed on them.
///
/// A class file is `limit <n>` on its first line, then each message as its
/// UTF-8 byte count on a line and its bytes, so every engine reads the same
/// messages without a JSON reader. Each engine prints one line per class:
/// `<class> <cpu ns per message> <wall ns per message> <UTF-16 units of every
/// body>`; the last column shows that all made the same bodies.
enum PortsBenchmark {
  /// The classes' names, in the order every engine times them.
  static let names = ["short", "typical", "16KB-limit-256", "16KB-limit-4096"]

  /// The classes, in the order of `names`: limit and messages.
  static func classes() -> [(Int, [String])] {
    var chat = ChatText(seed: 1)
    let short = (0..<2000).map { _ in chat.shortMessage() }.filter { $0.utf8.count <= 120 }
    let typical = (0..<2000).map { _ in chat.message() }
    let long = (0..<100).map { ChatText.longMessage(bytes: 16_384, seed: UInt64($0) + 1) }
    return [(256, short), (256, typical), (256, long), (4096, long)]
  }

  static func writeMessages(into folder: String) {
    for (name, (limit, messages)) in zip(names, classes()) {
      var bytes = Array("limit \(limit)\n".utf8)
      for message in messages {
        bytes += Array("\(message.utf8.count)\n".utf8)
        bytes += Array(message.utf8)
      }
      let path = "\(folder)/\(name).msgs"
      guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else {
        FileHandle.standardError.write(Data("Error: cannot write \(path)\n".utf8))
        exit(1)
      }
    }
  }

  /// Reads a class file; exits 1 naming the file when it is not one.
  static func read(_ path: String) -> (Int, [String]) {
    guard let data = FileManager.default.contents(atPath: path),
      let header = data.firstIndex(of: 10),
      let limit = Int(String(decoding: data[..<header], as: UTF8.self).dropFirst(6))
    else {
      FileHandle.standardError.write(Data("Error: \(path): not a class file\n".utf8))
      exit(1)
    }
    var messages: [String] = []
    var at = header + 1
    while at < data.endIndex, let line = data[at...].firstIndex(of: 10),
      let count = Int(String(decoding: data[at..<line], as: UTF8.self))
    {
      messages.append(String(decoding: data[(line + 1)..<(line + 1 + count)], as: UTF8.self))
      at = line + 1 + count
    }
    return (limit, messages)
  }

  /// Times the library on each class file in `folder`, after a warm-up,
  /// over at least half a second of calls.
  static func time(_ folder: String) {
    for name in names {
      let (limit, messages) = read("\(folder)/\(name).msgs")
      let cap = NotificationBody.Limit(utf16Units: limit)
      func pass() -> Int {
        var units = 0
        for message in messages {
          units &+= NotificationBody.make(from: message, limit: cap).utf16.count
        }
        return units
      }
      var units = pass()
      var passes = 0
      let (cpuStart, wallStart) = (cpuNanoseconds(), wallNanoseconds())
      repeat {
        units = pass()
        passes += 1
      } while cpuNanoseconds() - cpuStart < 500_000_000
      let calls = Double(passes * messages.count)
      let cpu = Double(cpuNanoseconds() - cpuStart) / calls
      let wall = Double(wallNanoseconds() - wallStart) / calls
      print(name, String(format: "%.1f %.1f", cpu, wall), units)
    }
  }

  private static func cpuNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }

  private static func wallNanoseconds() -> Int {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec * 1_000_000_000 + now.tv_nsec
  }
}
