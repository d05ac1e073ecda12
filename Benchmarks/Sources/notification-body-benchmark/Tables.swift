import Foundation
import NotificationBodyCost
import NotificationBodyHarness

/// The default run: a table per corpus, then the window bound, the
/// adversarial scaling and the goals.
enum Tables {
  static func run(_ options: Options) {
    let engines = Engine.all().filter { engine in
      engine.name == "library" || options.engines?.contains(engine.name) ?? true
    }
    let benchmark = Benchmark(engines: engines, rounds: options.rounds) { line in
      FileHandle.standardError.write(Data("… \(line)\n".utf8))
    }
    print("## Benchmark\n")
    print(
      "Machine: \(machine()). Seed \(options.seed), \(options.rounds) rounds"
        + (options.quick ? ", quick (figures not for reporting)" : "") + ".\n")
    print("Engines:\n")
    for engine in engines { print("- \(engine.name): \(engine.summary)") }
    print(
      """

      Time per message is the fastest of \(options.rounds) batches (each at least \
      \(Int(Stopwatch.batchNanoseconds / 1000)) µs of calls) divided by its calls; \
      MB/s is the bytes of each message's window (R1: what any engine must read) over \
      the total time; "time vs library" is the engine's total time over the library's.

      """)
    var typical: CorpusMeasurement?
    for name in options.corpora {
      benchmark.progress("making the \(name) corpus")
      let corpus = Corpus.named(name, seed: options.seed, quick: options.quick)!
      let result = benchmark.measure(corpus)
      if name == "typical" { typical = result }
      print(Report.table(result))
    }

    var goals = Goals()
    if let typical {
      let library = typical.library.totalNanoseconds
      func ratio(_ engine: String) -> Double? {
        typical.measurements.first { $0.engine == engine }.map { $0.totalNanoseconds / library }
      }
      goals.add(
        "typical: library's throughput ≥ 3× cmark's", ratio("cmark"), bound: 3, atLeast: true)
      goals.add(
        "typical: library's throughput ≥ 100× the regex port's", ratio("regex"), bound: 100,
        atLeast: true)
      goals.add("typical: library's time ≤ 4× the floor's", ratio("floor").map { 1 / $0 }, bound: 4)
    }

    if options.corpora.contains("long") {
      benchmark.progress("measuring the window bound")
      let longBytes = Corpus.longSizes(quick: options.quick).last!
      let (times, _) = benchmark.libraryNanoseconds([
        Corpus.chat(bytes: 8_192, seed: options.seed),
        Corpus.chat(bytes: longBytes, seed: options.seed),
      ])
      let bound = WindowBound(
        shortBytes: 8_192, longBytes: longBytes, shortNanoseconds: times[0],
        longNanoseconds: times[1])
      print("### Window bound\n\n\(bound.markdown)")
      goals.add(
        "window: a \(Corpus.label(bytes: longBytes)) message costs ≤ 1.5× an 8 KB one",
        bound.ratio, bound: 1.5)
    }

    if options.corpora.contains("adversarial") {
      benchmark.progress("measuring the adversarial families' growth")
      var scaling = Scaling()
      for family in AdversarialFamily.all {
        let (times, ratios) = benchmark.libraryNanoseconds(Scaling.sizes.map(family.make))
        scaling.rows.append(Scaling.Row(family: family.name, nanoseconds: times, doublings: ratios))
      }
      let typicalPerByte = typical.map { $0.library.totalNanoseconds / Double($0.windowBytes) }
      print(
        "### Adversarial growth (library)\n\n"
          + scaling.markdown(typicalPerByte: typicalPerByte))
      let worst = scaling.rows.max { $0.worstDoubling < $1.worstDoubling }!
      goals.add(
        "adversarial: doubling the input ≤ 2.2× the time (worst: \(worst.family))",
        worst.worstDoubling, bound: 2.2)
      let costliest = scaling.rows.max { $0.perByte < $1.perByte }!
      goals.add(
        "adversarial: a 4096-unit input ≤ 5× typical's per-byte cost (worst: \(costliest.family))",
        typicalPerByte.map { costliest.perByte / $0 }, bound: 5)
    }
    if let typical {
      let most = typical.library.allocations.max() ?? 0
      goals.note(
        "allocations per call, typical",
        "\(Report.fixed(typical.library.allocationsPerCall, 2)) on average, \(most) at most")
    }
    print("### Goals\n\n\(goals.markdown)")
  }

  /// The processor, cores, memory and system, from /proc and uname.
  static func machine() -> String {
    let info = ProcessInfo.processInfo
    let memory = Double(info.physicalMemory) / Double(1 << 30)
    var parts = ["\(info.activeProcessorCount) cores", "\(Report.fixed(memory, 1)) GiB"]
    if let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
      let line = cpuinfo.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
      let name = line.split(separator: ":", maxSplits: 1).last
    {
      parts.insert(name.trimmingCharacters(in: .whitespaces), at: 0)
    }
    parts.append(info.operatingSystemVersionString)
    #if arch(x86_64)
      parts.append("x86_64")
    #elseif arch(arm64)
      parts.append("arm64")
    #endif
    return parts.joined(separator: ", ")
  }
}
