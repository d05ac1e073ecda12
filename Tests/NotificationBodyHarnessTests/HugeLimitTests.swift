import NotificationBody
import Testing

@testable import NotificationBodyHarness

/// The fuzz input's huge limits (bit 4) run through every target and every
/// edit without arithmetic on the limit overflowing.
@Suite struct HugeLimitTests {
  /// The options bytes of the huge limits: bits 0 and 4, bits 1–2 the index.
  static let options: [UInt8] = (0..<4).map { 1 | 16 | UInt8($0) << 1 }

  @Test(arguments: options)
  func theOptionsByteChoosesAHugeLimitAndReadsBack(_ options: UInt8) {
    let input = FuzzInput(bytes: [options] + Array("a".utf8))
    #expect(input.limit.utf16Units == FuzzInput.hugeLimits[Int(options >> 1) & 3])
    #expect(input.bytes == [options] + Array("a".utf8))
  }

  @Test(arguments: options)
  func everyTargetPassesTheLibraryAtAHugeLimit(_ options: UInt8) {
    let messages = [
      "", "**a** `b` [c](d) https://x.io", String(repeating: "word ", count: 1000),
      String(repeating: "中", count: 250) + "\n" + String(repeating: "\t", count: 30) + "**",
    ]
    for message in messages {
      for target in FuzzTarget.allCases {
        let problem = target.problem(with: [options] + Array(message.utf8))
        #expect(
          problem == nil, "\(target) on \(message.prefix(30)): \(String(describing: problem))")
      }
    }
  }

  @Test(arguments: options)
  func placingAtTheEdgeOfAHugeLimitStaysWithinTheBuffer(_ options: UInt8) {
    for seed in UInt32(0)..<300 {
      let edited = FuzzMutator.mutate(
        [options] + Array("some text".utf8), maxSize: 16_384, seed: seed, edit: .placeAtEdge
      ) { bytes, _ in bytes }
      #expect(edited.count <= 16_384)
      #expect(edited.first == options)
    }
  }
}
