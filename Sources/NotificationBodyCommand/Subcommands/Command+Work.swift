import Foundation
import NotificationBodyFixtures
import NotificationBodyHarness
import NotificationBodySnapshot
import NotificationBodyText

extension Command {
  /// `notification-body work [options]`: the cost of the library's calls
  /// over generated messages, corpus files and fixture cases, checked against
  /// the no-leak and linear-work invariants.
  enum Work: Subcommand {
    static let defaultCount = 10_000
    /// How many inputs that break an invariant are listed.
    static let listed = 10

    static let help = Help(
      name: "work",
      abstract: "Check the library's work and memory against the linear-work bound.",
      discussion: """
        Makes every input's body once, counting its work with the work meter (built in \
        only by NOTIFICATION_BODY_WORK_METER=1) and its allocations, over the inputs diff \
        reads. An input breaks linear-work when its work is over \(LinearWork.perByte) × n + \
        \(LinearWork.fixed), n the UTF-8 bytes R1 reads, and no-leak when a call leaves blocks \
        unfreed. Prints the most work per byte, the most memory one call held, the first \
        \(listed) inputs that break either, and "work: K of N inputs over the linear-work \
        bound, L leaking". docs/cost.md has the rest.

        Exits 0 when no input breaks either invariant, 1 when one does, a file fails or the \
        build has no work meter, 64 for bad arguments.
        """,
      options: InputOptions.options(defaultCount: defaultCount) + [
        Option(
          "--points <file>", "Write each input's bytes, work and source too; \"-\": stdout.",
          path: .output)
      ])

    static func run<Output, ErrorOutput>(
      _ arguments: ParsedArguments, console: inout Console<Output, ErrorOutput>
    ) throws(CommandError) -> Int32 {
      var inputs = try InputOptions.inputs(
        arguments, defaultCount: defaultCount, filesFirst: true, help: help)
      guard WorkMeter.isLive else {
        throw .failure(
          "this notification-body has no work meter: build it with "
            + "NOTIFICATION_BODY_WORK_METER=1 (docs/cost.md, \"The work meter\")")
      }
      var tally = Tally()
      var points = ""
      let pointsPath = arguments.values["--points"]
      while case let batch = inputs.nextBatch(size: 512), !batch.isEmpty {
        for input in batch {
          let cost = tally.add(input)
          if pointsPath != nil {
            points +=
              "\(cost.readBytes)\t\(cost.work)\t\(input.source), limit \(input.limit.utf16Units)\t\(cost.allocations.allocatedBytes)\n"
          }
        }
        if tally.checked % 20_000 < batch.count, inputs.counts.total > 20_000 {
          console.printError("work: \(tally.checked) of \(inputs.counts.total) inputs")
        }
      }
      if pointsPath == "-" {
        console.write(points)
      } else if let pointsPath {
        try step { try writeAtomically(Array(points.utf8), toPath: pointsPath) }
      }
      let counts = inputs.counts
      var lines = [
        "inputs: \(counts.generated) generated (+\(counts.raised) at \(inputs.recheckLimit.utf16Units) units), "
          + "\(counts.corpus) corpus files, \(counts.fixtures) fixture cases",
        "bound: \(LinearWork.perByte) × n + \(LinearWork.fixed), n the bytes R1 reads",
      ]
      if let most = tally.mostPerByte {
        lines.append(
          "most work per byte read (64 bytes or more): \(most.work) on \(most.bytes) "
            + "bytes, \(most.work / most.bytes) per byte, \(most.source)")
      }
      if let closest = tally.closest {
        lines.append(
          "closest to the bound: \(closest.work) on \(closest.bytes) bytes, "
            + "\(closest.percent)% of it, \(closest.source)")
      }
      lines.append("most bytes one call held: \(tally.mostBytes.bytes), \(tally.mostBytes.source)")
      for (source, failure) in tally.broken {
        lines.append("BROKEN \(source): \(failure)")
      }
      lines.append(
        "work: \(tally.overBound) of \(tally.checked) inputs over the linear-work bound, "
          + "\(tally.leaking) leaking")
      console.print(lines.joined(separator: "\n"))
      return tally.overBound + tally.leaking == 0 ? ExitStatus.success : ExitStatus.failure
    }

    /// What the inputs cost, as far as they are checked.
    private struct Tally {
      var checked = 0
      var overBound = 0
      var leaking = 0
      /// The first `listed` inputs that break an invariant, with a preview.
      var broken: [(source: String, failure: InvariantFailure)] = []
      var mostPerByte: (work: Int, bytes: Int, source: InputSource)?
      var closest: (work: Int, bytes: Int, percent: Int, source: InputSource)?
      var mostBytes: (bytes: Int, source: String) = (0, "none")

      /// Measures one input, counts it in and returns its cost.
      mutating func add(_ input: ComparedInput) -> CallCost {
        let cost = CallCost(of: .library, on: input.message, limit: input.limit)
        checked += 1
        for failure in cost.failures {
          if failure.invariant == .linearWork { overBound += 1 } else { leaking += 1 }
          // Only the first `listed` are shown: no preview for the others.
          guard broken.count < listed else { continue }
          let units = input.message.utf16.count
          let shown = Escaped.forDisplay(String(input.message.unicodeScalars.prefix(60)))
          broken.append(
            (
              "\(input.source) at limit \(input.limit.utf16Units), \(shown)"
                + (input.message.unicodeScalars.count > 60 ? "⋯" : "") + " (\(units) units)",
              failure
            ))
        }
        let bytes = cost.readBytes
        if bytes >= 64, cost.work * (mostPerByte?.bytes ?? 1) > (mostPerByte?.work ?? 0) * bytes {
          mostPerByte = (cost.work, bytes, input.source)
        }
        let percent = cost.work * 100 / LinearWork.bound(readBytes: bytes)
        if percent > closest?.percent ?? -1 { closest = (cost.work, bytes, percent, input.source) }
        if cost.allocations.peakBytes > mostBytes.bytes {
          mostBytes = (cost.allocations.peakBytes, input.source.description)
        }
        return cost
      }
    }
  }
}
