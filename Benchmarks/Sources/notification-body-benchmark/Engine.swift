import NotificationBody
import NotificationBodyReference

/// One way of turning a message into a notification body, as the benchmark
/// times it.
struct Engine {
  /// The name in the table and on the command line.
  let name: String
  /// What the engine is, for the table's legend.
  let summary: String
  /// The body for a message; `nil` for the floor, which makes none.
  let body: ((String) -> String)?
  /// Does the engine's whole work for a message and returns a number that
  /// depends on all of it, so no work can be optimized away.
  let run: (String) -> Int

  /// Every engine, the library first: the table's ratios are to it.
  static func all() -> [Engine] {
    let regex = RegexPort()
    return [
      Engine(name: "library", summary: "NotificationBody.make(from:)") {
        NotificationBody.make(from: $0)
      },
      Engine(name: "reference", summary: "NotificationBodyReference, the contract rule by rule") {
        NotificationBodyReference.make(from: $0)
      },
      Engine(
        name: "regex", summary: "NSRegularExpression port of the usual chat-app approach",
        body: regex.body(for:)),
      Engine(
        name: "cmark", summary: "cmark \(CmarkPlainText.version) parse + plain-text walk",
        body: CmarkPlainText.body(for:)),
      Engine(
        name: "floor", summary: "decode the window to UTF-16 and count it", body: nil,
        run: Floor.decodedUnits(of:)),
    ]
  }

  init(name: String, summary: String, body: @escaping (String) -> String) {
    self.init(name: name, summary: summary, body: body, run: { body($0).utf8.count })
  }

  init(
    name: String, summary: String, body: ((String) -> String)?, run: @escaping (String) -> Int
  ) {
    self.name = name
    self.summary = summary
    self.body = body
    self.run = run
  }
}
