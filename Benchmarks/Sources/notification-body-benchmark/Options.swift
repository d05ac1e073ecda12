import NotificationBodyCost
import NotificationBodyHarness

/// The command line, parsed.
struct Options {
  enum Mode {
    /// The tables (the default).
    case tables
    /// One engine over one corpus, untimed, for valgrind's tools.
    case calls(engine: String, corpus: String, repeats: Int)
    /// The adversarial families' names, one per line.
    case families
    /// One adversarial family's input at one size, to standard output.
    case write(family: AdversarialFamily, bytes: Int)
    /// The ports benchmark's message classes, written into a folder.
    case portsMessages(folder: String)
    /// The library timed on the classes in a folder (Benchmarks/ports-bench).
    case portsTime(folder: String)
    case help
  }

  var mode = Mode.tables
  var corpora = Corpus.names
  var engines: [String]? = nil
  var rounds = 5
  var seed: UInt64 = 1
  var quick = false

  struct UsageError: Error {
    let message: String
  }

  static let usage = """
    OVERVIEW: Measures NotificationBody side by side with the reference, a
    regular-expression port, cmark and a floor, on generated corpora, and
    prints Markdown tables with the goals the library must meet.

    USAGE: notification-body-benchmark [--corpus <name> ...] [--engine <name> ...]
                                       [--rounds <n>] [--seed <n>] [--quick]
           notification-body-benchmark calls --engine <name> --corpus <name> [--repeat <n>]
           notification-body-benchmark families
           notification-body-benchmark write family=<name>:<bytes>
           notification-body-benchmark ports-messages <folder>
           notification-body-benchmark ports-time <folder>

    OPTIONS:
      --corpus <name>   A corpus to measure: typical, code-heavy, long, adversarial,
                        or, for calls only, window-8KB, window-100MB or
                        family=<name>:<bytes> (one adversarial family at one size,
                        e.g. 'family=[ only:4096'). Repeatable; all four by default.
      --engine <name>   An engine to measure: library, reference, regex, cmark, floor.
                        Repeatable; all by default. The library is always measured.
      --rounds <n>      Timed batches per message and engine; the fastest counts
                        (default 5).
      --seed <n>        The corpora's seed (default 1).
      --quick           Smaller corpora and no message over 1 MB, to check that the
                        benchmark runs; its figures are not the ones to report.
      --repeat <n>      For calls: how many times to go over the corpus (default 1).
      -h, --help        Show this help.

    SUBCOMMANDS:
      calls             Run one engine over one corpus without timing, so that
                        valgrind --tool=callgrind or --tool=dhat can count its
                        instructions or allocations (Benchmarks/bench callgrind).
      families          List the adversarial families' names, one per line.
      write             Write one family's input of the given size to standard
                        output, with no line break after it (for Fuzz/fuzz
                        planted, which counts the library's instructions on it).
      ports-messages    Write the ports benchmark's four classes of messages into a
                        folder, one file each (Benchmarks/ports-bench).
      ports-time        Time the library on those files: one line per class.
    """

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var arguments = arguments[...]
    var isCalls = false
    var corpora: [String] = []
    var repeats = 1
    if arguments.first == "calls" {
      isCalls = true
      arguments.removeFirst()
    } else if arguments.first == "families" {
      guard arguments.count == 1 else { throw UsageError(message: "families takes no options") }
      options.mode = .families
      return options
    } else if let first = arguments.first, first == "ports-messages" || first == "ports-time" {
      guard arguments.count == 2, let folder = arguments.last else {
        throw UsageError(message: "\(first) takes one folder")
      }
      options.mode = first == "ports-time" ? .portsTime(folder: folder) : .portsMessages(folder: folder)
      return options
    } else if arguments.first == "write" {
      guard arguments.count == 2, let (family, bytes) = AdversarialFamily.parse(arguments.last!)
      else { throw UsageError(message: "write takes one family=<name>:<bytes>") }
      options.mode = .write(family: family, bytes: bytes)
      return options
    }
    func value(_ flag: String) throws(UsageError) -> String {
      guard let value = arguments.popFirst() else {
        throw UsageError(message: "\(flag) needs a value")
      }
      return value
    }
    func number(_ flag: String) throws(UsageError) -> Int {
      let text = try value(flag)
      guard let number = Int(text), number > 0 else {
        throw UsageError(message: "\(flag) needs a positive whole number, not '\(text)'")
      }
      return number
    }
    let engineNames = ["library", "reference", "regex", "cmark", "floor"]
    while let argument = arguments.popFirst() {
      switch argument {
      case "-h", "--help":
        options.mode = .help
        return options
      case "--corpus":
        let name = try value(argument)
        let known = isCalls ? Corpus.names + ["window-8KB", "window-100MB"] : Corpus.names
        guard known.contains(name) || (isCalls && AdversarialFamily.parse(name) != nil) else {
          throw UsageError(
            message: "unknown corpus '\(name)'; the corpora are \(known.joined(separator: ", "))")
        }
        corpora.append(name)
      case "--engine":
        let name = try value(argument)
        guard engineNames.contains(name) else {
          throw UsageError(
            message:
              "unknown engine '\(name)'; the engines are \(engineNames.joined(separator: ", "))")
        }
        options.engines = (options.engines ?? []) + [name]
      case "--rounds": options.rounds = try number(argument)
      case "--seed":
        let text = try value(argument)
        guard let seed = UInt64(text) else {
          throw UsageError(message: "--seed needs a whole number, not '\(text)'")
        }
        options.seed = seed
      case "--quick": options.quick = true
      case "--repeat" where isCalls: repeats = try number(argument)
      default: throw UsageError(message: "unexpected argument '\(argument)'")
      }
    }
    if isCalls {
      guard let engine = options.engines?.first, options.engines?.count == 1 else {
        throw UsageError(message: "calls needs exactly one --engine")
      }
      guard let corpus = corpora.first, corpora.count == 1 else {
        throw UsageError(message: "calls needs exactly one --corpus")
      }
      options.mode = .calls(engine: engine, corpus: corpus, repeats: repeats)
    } else if !corpora.isEmpty {
      options.corpora = Corpus.names.filter(corpora.contains)
    }
    return options
  }
}
