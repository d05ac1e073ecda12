import Foundation
import NotificationBodyFixtures
import Testing

@testable import NotificationBodySnapshot

/// The repository's own snapshot, corpus and fixture file (never copies).
private let root = FixtureFile.repositoryRoot(containing: #filePath)

// The regression gate: every corpus input's and fixture case's body is the
// one test-fixtures/corpus-bodies.json holds. A failure lists each kind of
// change once, with its smallest input; when every change is intended,
// `swift run notification-body gate --accept` rewrites the snapshot, to
// commit with the change (docs/gate.md).
@Test func everyBodyIsAsTheSnapshotHoldsIt() throws {
  let root = try #require(root, "no repository root found above \(#filePath)")
  let inputs = try SnapshotInput.load(
    corpus: root + "/" + SnapshotPaths.corpus, fixtures: root + "/" + SnapshotPaths.fixtures)
  let snapshot = try Snapshot.load(path: root + "/" + SnapshotPaths.snapshot)
  let comparison = SnapshotComparison(
    old: snapshot, new: Snapshot(making: inputs),
    origins: Dictionary(inputs.map { ($0.id, $0.origin) }, uniquingKeysWith: { old, _ in old }))
  #expect(
    comparison.isEmpty,
    """
    The notification body changed for some inputs:

    \(comparison.report())
    \(comparison.summary(snapshotPath: SnapshotPaths.snapshot))
    """)
}

// MARK: - Grouping

/// A snapshot of a few messages, made by the library.
private func snapshot(_ messages: [String]) -> Snapshot {
  Snapshot(
    making: messages.enumerated().map { index, message in
      SnapshotInput(
        id: "corpus:\(index)", message: message, limit: 256, origin: .corpus(path: "\(index)"))
    })
}

/// `snapshot` with the body at the default limit of `id` replaced.
private func tampered(_ snapshot: Snapshot, _ bodies: [String: String]) -> Snapshot {
  Snapshot(
    entries: snapshot.entries.map { entry in
      var entry = entry
      if let body = bodies[entry.id] { entry.bodies[256] = body }
      return entry
    })
}

@Test func oneChangedBodyIsOneGroupOfOne() {
  let now = snapshot(["Hello **world**", "a  b", "plain"])
  let comparison = SnapshotComparison(
    old: tampered(now, ["corpus:1": "a  b"]), new: now, origins: ["corpus:1": .corpus(path: "c/1")])
  #expect(comparison.groups.count == 1)
  let group = comparison.groups.first
  #expect(group?.kind == .changed)
  #expect(group?.members.map(\.id) == ["corpus:1"])
  #expect(group?.members.first?.changedLimits == [256])
  #expect(group?.signature == #"removes " ""#)
  #expect(
    comparison.report()
      == """
      CHANGED 1 input: removes " "
        corpus:1  (c/1)
          input:          "a  b" (4 UTF-16 units)
          body was:       "a  b" (4 UTF-16 units)
          body now:       "a b" (3 UTF-16 units)
          body edit:      "a [- -]b"

      """)
}

@Test func oneBehaviourChangeOnManyInputsIsOneGroupWithItsSmallestFirst() {
  // The snapshot as a library that kept `~~` made it.
  let messages = ["x ~~gone~~ y", "~~a~~", "long text with ~~struck~~ and ~~more~~ words"]
  let now = snapshot(messages)
  let old = tampered(
    now, Dictionary(uniqueKeysWithValues: messages.enumerated().map { ("corpus:\($0)", $1) }))
  let comparison = SnapshotComparison(old: old, new: now)
  #expect(comparison.groups.map(\.signature) == [#"removes "~""#])
  #expect(comparison.groups.first?.members.map(\.id) == ["corpus:1", "corpus:0", "corpus:2"])
  #expect(comparison.count(.changed) == 3)
}

@Test func addedRemovedAndReplacedInputsAreGroupsOfTheirOwn() {
  let old = snapshot(["kept", "gone", "replaced"])
  var entries = snapshot(["kept", "new input", "another input"]).entries
  entries[1].id = "corpus:3"
  entries[2].id = "corpus:2"
  let comparison = SnapshotComparison(old: old, new: Snapshot(entries: entries))
  #expect(comparison.groups.map(\.kind) == [.inputChanged, .added, .removed])
  #expect(
    comparison.groups.map { $0.members.map(\.id) } == [["corpus:2"], ["corpus:3"], ["corpus:1"]])
  #expect(
    comparison.summary(snapshotPath: "s.json").hasPrefix(
      "gate: 0 inputs changed in 0 kinds of change, 1 id holding another input, 1 added, 1 removed;"
    ))
}

@Test func nothingChangedIsOneLine() {
  let now = snapshot(["a", "b"])
  let comparison = SnapshotComparison(old: now, new: now)
  #expect(comparison.isEmpty)
  #expect(comparison.report() == "")
  #expect(
    comparison.summary(snapshotPath: "s.json")
      == "gate: no change: all 2 inputs (2 corpus files, 0 fixture cases) match s.json")
}

/// An old body, a new one and the kind of change the gate names.
struct EditCase: Sendable, CustomTestStringConvertible {
  var old: String
  var new: String
  var kind: String

  var testDescription: String { kind.isEmpty ? "no change" : kind }

  static let all = [
    EditCase(old: "a b", new: "a b", kind: ""),
    EditCase(old: "a b", new: "a **b**", kind: #"adds "*""#),
    EditCase(
      old: "see docs", new: "see [docs](https://x.io)",
      kind: #"adds "(", ")", ".", "/", ":", "[", "]""#),
    EditCase(old: "x\u{600}…", new: "x\u{600} …", kind: #"adds " " before the final "…""#),
    EditCase(old: "hello world…", new: "hello wor…", kind: "the cut moved earlier"),
    EditCase(old: "hello w…", new: "hello wor…", kind: "the cut moved later"),
    EditCase(old: " a", new: "a", kind: #"removes " " at the start"#),
    EditCase(old: "a\n\n\nb", new: "a\n\nb", kind: #"removes "\n""#),
    // Syntax names the change; the cut that moved because the body grew
    // and the letters around it follow from it.
    EditCase(old: "a b c d…", new: "a ~~b~~ c…", kind: #"adds "~""#),
  ]
}

@Test(arguments: EditCase.all)
func editKind(_ edit: EditCase) {
  #expect(BodyEdit(from: edit.old, to: edit.new).signature.kind.description == edit.kind)
}

@Test func editExcerptMarksTheRegion() {
  #expect(BodyEdit(from: "a **b** c", to: "a b c").excerpt == #""a [-**b**-]{+b+} c""#)
  let long = String(repeating: "x", count: 40)
  #expect(
    BodyEdit(from: long + " …", to: long + "…").excerpt == "⋯\"" + long.suffix(24) + "[- -]…\"")
}

// MARK: - The inputs `diff` and `gate --baseline` compare

@Test func comparedInputsHandOutFilesAndGeneratedMessagesInTheOrderAsked() {
  let files = [
    SnapshotInput(id: "corpus:aa", message: "a", limit: 256, origin: .corpus(path: "c/aa")),
    SnapshotInput(
      id: "fixture:R1 b", message: "b", limit: 300,
      origin: .fixture(path: "f.json", index: 0, name: "R1 b")),
  ]
  func drained(_ inputs: ComparedInputs) -> [ComparedInput] {
    var inputs = inputs
    var all: [ComparedInput] = []
    while case let batch = inputs.nextBatch(size: 3), !batch.isEmpty { all += batch }
    return all
  }
  // The gate's order: every file at each of its limits, then 9 messages,
  // the 1st and 9th also at the raised limit.
  let gate = ComparedInputs(
    seed: 7, count: 9, limit: .default, files: files.flatMap(\.atEachLimit), filesFirst: true)
  #expect(gate.counts.corpus == 1)
  #expect(gate.counts.fixtures == 1)
  #expect(gate.counts.files == 5)
  #expect(gate.counts.total == 5 + 9 + 2)
  let gateInputs = drained(gate)
  #expect(gateInputs.count == gate.counts.total)
  #expect(gateInputs.prefix(5).map(\.limit.utf16Units) == [256, 1000, 256, 300, 1000])
  #expect(
    gateInputs.dropFirst(5).map(\.source) == [
      .generated(index: 0, seed: 7), .generated(index: 0, seed: 7),
    ] + (1...8).map { .generated(index: $0, seed: 7) } + [.generated(index: 8, seed: 7)])
  // `diff`'s order: the messages first, then each file at its own limit.
  let diff = ComparedInputs(
    seed: 7, count: 9, limit: .default, files: files.map(\.atItsOwnLimit), filesFirst: false)
  let diffInputs = drained(diff)
  #expect(diffInputs.count == diff.counts.total)
  #expect(diffInputs.suffix(2).map(\.source) == files.map(\.origin))
  #expect(diffInputs.suffix(2).map(\.limit.utf16Units) == [256, 300])
  // The same seed makes the same messages in both.
  #expect(
    diffInputs.prefix(11).map(\.message) == Array(gateInputs.dropFirst(5)).map(\.message))
}

// MARK: - The file

@Test func fileHasOneEntryALineSortedAndReadsBack() throws {
  let inputs = [
    SnapshotInput(
      id: "fixture:R9 b", message: "b\u{200B}  c", limit: 300,
      origin: .fixture(path: "f.json", index: 0, name: "R9 b")),
    SnapshotInput(id: "corpus:ff", message: "**a**\n", limit: 256, origin: .corpus(path: "ff")),
  ]
  let snapshot = Snapshot(making: inputs)
  let lines = snapshot.fileContents.split(separator: "\n", omittingEmptySubsequences: false)
  #expect(lines.first == "{")
  #expect(lines.dropFirst().first?.hasPrefix("  \"$comment\": \"Generated by `swift run ") == true)
  #expect(
    Array(lines.dropFirst(4).prefix(2)) == [
      #"    {"id": "corpus:ff", "input": "**a**\n", "body": "a", "body1000": "a"},"#,
      #"    {"id": "fixture:R9 b", "input": "b\u200B  c", "body": "b\u200B c", "body300": "b\u200B c", "body1000": "b\u200B c"}"#,
    ])
  #expect(lines.suffix(3) == ["  ]", "}", ""])
  let read = try Snapshot.parse(Data(snapshot.fileContents.utf8), path: "s.json")
  #expect(SnapshotComparison(old: read, new: snapshot).isEmpty)
  #expect(read.entries.map(\.bodies) == snapshot.entries.map(\.bodies))
}

/// Snapshot text and the start of the problem reading it must report.
struct BadFile: Sendable, CustomTestStringConvertible {
  var text: String
  var problem: String

  var testDescription: String { problem }

  static let all = [
    BadFile(
      text: "{\n<<<<<<< HEAD\n=======\n>>>>>>> b\n}",
      problem: "s.json: holds merge conflict markers"),
    BadFile(text: #"{"version": 2, "entries": []}"#, problem: "s.json: \"version\" must be 1"),
    BadFile(
      text: #"{"version": 1, "entries": [{"id": "a", "input": "x", "body7": "x"}]}"#,
      problem: #"s.json: entry 0 ("a") has "body7", which is not body or body<limit>"#),
    BadFile(
      text: #"{"version": 1, "entries": [{"id": "a", "input": "x"}]}"#,
      problem: #"s.json: entry 0 ("a") has no body"#),
    BadFile(
      text:
        #"{"version": 1, "entries": [{"id": "a", "input": "x", "body": "x"}, {"id": "a", "input": "y", "body": "y"}]}"#,
      problem: #"s.json: entry 1 ("a") repeats an earlier id"#),
  ]
}

@Test(arguments: BadFile.all)
func badFileIsRefusedWithItsPlace(_ bad: BadFile) {
  #expect {
    try Snapshot.parse(Data(bad.text.utf8), path: "s.json")
  } throws: { error in
    (error as? SnapshotError)?.description.hasPrefix(bad.problem) == true
  }
}

// MARK: - Corpus ids

@Test(arguments: [
  (0, "da39a3ee5e6b4b0d3255bfef95601890afd80709"), (3, "4201de9f98cb0a9b8cf52398be7802b55d45266a"),
  (55, "ddf57317ef34bfee3b6df83d359098930eb278bc"),
  (56, "a0d492bb0fc889d0eca3bc137066ab6f4f74f369"),
  (63, "c55856749bef509bdfe6bfebfc7bf4e793e82132"),
  (64, "bede92be29c3874e1b54ddc77988d606fc857a8e"),
  (65, "b05a80522b053d6dc7e0a517d0e70212c7dad11f"),
  (119, "504e27376a6e0f0dba8295b85cb25dc4dfa17d23"),
  (1000, "4231a8a50a10fa9758db8ec71fdef855b751048a"),
])
func corpusIDIsTheSHA1OfTheBytes(_ length: Int, _ digest: String) {
  let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
  #expect(InputDigest.hex(of: bytes) == digest)
}

@Test func signatureKeepsWhereAndKindLeavesItOut() {
  let signature = BodyEdit(from: "a ~~b~~", to: "a b").signature
  #expect(signature.description == #"removes "~"; removes "~" at the end"#)
  #expect(signature.kind.description == #"removes "~""#)
}
