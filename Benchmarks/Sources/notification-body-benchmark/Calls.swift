import Foundation
import NotificationBodyCost
import NotificationBodyHarness

/// The `calls` subcommand: one engine over one corpus, untimed, for
/// valgrind's tools.
enum Calls {
  static func run(
    engine engineName: String, corpus corpusName: String, repeats: Int, options: Options
  ) {
    let messages: [String]
    switch corpusName {
    case "window-8KB": messages = [Corpus.chat(bytes: 8_192, seed: options.seed)]
    case "window-100MB": messages = [Corpus.chat(bytes: 100_000_000, seed: options.seed)]
    default:
      if let (family, bytes) = AdversarialFamily.parse(corpusName) {
        messages = [family.make(bytes)]
      } else {
        messages = Corpus.named(corpusName, seed: options.seed, quick: options.quick)!.messages.map(
          \.text)
      }
    }
    let engine = Engine.all().first { $0.name == engineName }!
    let windowBytes = messages.reduce(0) { $0 + Floor.windowBytes(of: $1) } * repeats
    let checksum = calls(engine.run, messages, repeats: repeats)
    print(
      "\(engineName) over \(corpusName): \(messages.count * repeats) calls, \(windowBytes) window bytes,"
        + " checksum \(checksum)")
  }

  /// The calls themselves, in a function of their own so that callgrind can
  /// count only them: `--toggle-collect='*Calls*calls*'`.
  @inline(never)
  static func calls(_ run: (String) -> Int, _ messages: [String], repeats: Int) -> Int {
    var checksum = 0
    for _ in 0..<repeats {
      for message in messages { checksum &+= run(message) }
    }
    return checksum
  }
}
