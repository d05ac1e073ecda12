import NotificationBodyCommand
import Testing

// The same entry point the binary calls, run in process.

@Test func runRendersInProcess() {
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["render", "--limit", "300"], stdin: { Array("plain words".utf8) },
    stdout: &stdout, stderr: &stderr)
  #expect(status == 0)
  #expect(stdout == "plain words\n")
  #expect(stderr == "")
}

@Test func runReadsNoInputForBadArguments() {
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["render", "--limit", "100"],
    stdin: {
      Issue.record("stdin was read")
      return []
    },
    stdout: &stdout, stderr: &stderr)
  #expect(status == 64)
  #expect(stdout == "")
  #expect(stderr.hasPrefix("Error: '--limit' must be a whole number of at least 256"))
}

@Test func runReportsUnreadableStandardInput() {
  struct Closed: Error {}
  var stdout = ""
  var stderr = ""
  let status = Command.run(
    ["render"], stdin: { throw Closed() }, stdout: &stdout, stderr: &stderr)
  #expect(status == 1)
  #expect(stderr.hasPrefix("Error: standard input: cannot be read"))
}
