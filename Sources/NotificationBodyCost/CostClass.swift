import NotificationBody
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot

/// One workload the cost gate counts the library's instructions on
/// (docs/cost.md, "The cost gate"): calls of `NotificationBody.make`, the
/// same on every run and machine, so a count that moves is the library's.
///
///     let classes = CostClass.all(corpus: try SnapshotInput.load(corpus: "corpus", fixtures: nil))
///     classes.map(\.name)  // ["chat-short", "chat-typical", …, "corpus"]
package struct CostClass: Sendable {
  /// One call: a message at a limit in UTF-16 units.
  package struct Call: Sendable {
    package var message: String
    package var limit: Int

    package init(message: String, limit: Int) {
      self.message = message
      self.limit = limit
    }
  }

  /// The name in the snapshot and the reports: "chat-short", "[ only (4 KiB)".
  package var name: String
  package var calls: [Call]
  /// The SHA-1 of the calls' messages and limits: two counts of a class
  /// compare only when they counted the same calls.
  package var inputDigest: String
  /// The UTF-8 bytes R1 reads, summed over the calls: what the report's
  /// instructions are "per byte" of.
  package var windowBytes: Int

  package init(name: String, calls: [Call]) {
    self.name = name
    self.calls = calls
    var digest = InputDigest()
    for call in calls {
      digest.update(Array("\(call.limit) \(call.message.utf8.count)\n".utf8))
      digest.update(call.message.utf8)
    }
    inputDigest = digest.hex
    windowBytes = calls.reduce(0) { $0 + CallCost.readBytes(of: $1.message) }
  }
}

extension CostClass {
  /// The seed of every generated class.
  package static let seed: UInt64 = 1
  /// The sizes each adversarial family is counted at, in bytes.
  package static let familySizes = [1024, 4096]
  /// The limit the families are counted at: their whole input fits in the
  /// body, so every byte is scanned and written.
  package static let familyLimit = 4096

  /// Every class, in the order the reports list them.
  ///
  /// Chosen so that each rule's path carries a large share of at least one
  /// class (docs/cost.md has the shares): short replies, where a call's
  /// fixed part dominates; typical chat and code-heavy messages; long
  /// messages, where only R1's window is read; each adversarial family at
  /// 1 and 4 KiB, one construct repeated; and the fuzz corpus, every rule's
  /// corners.
  ///
  /// - Parameter corpus: The corpus inputs, each counted once at its own limit.
  package static func all(corpus: [SnapshotInput]) -> [CostClass] {
    var chat = ChatText(seed: seed)
    var code = CodeText(seed: seed)
    let short = (0..<2000).map { _ in Call(message: chat.shortMessage(), limit: 256) }
    let typical = (0..<1000).map { _ in Call(message: chat.message(), limit: 256) }
    let heavy = (0..<50).map { _ in Call(message: code.message(), limit: 256) }
    let long = [16_384, 262_144, 4_194_304].flatMap { bytes in
      let message = ChatText.longMessage(bytes: bytes, seed: seed)
      return [256, 4096].map { Call(message: message, limit: $0) }
    }
    var classes = [
      CostClass(name: "chat-short", calls: short),
      CostClass(name: "chat-typical", calls: typical),
      CostClass(name: "chat-code", calls: heavy),
      CostClass(name: "long", calls: long),
    ]
    for family in AdversarialFamily.all {
      for bytes in familySizes {
        classes.append(
          CostClass(
            name: "\(family.name) (\(bytes / 1024) KiB)",
            calls: [Call(message: family.make(bytes), limit: familyLimit)]))
      }
    }
    classes.append(
      CostClass(
        name: "corpus", calls: corpus.map { Call(message: $0.message, limit: $0.limit) }))
    return classes
  }
}
