import NotificationBodyHarness
import Testing

/// `notification-body work`: without the work meter it refuses to report
/// numbers it cannot count; with it (the metered run of `.ci/run`) it checks
/// the bound and ends with its summary line.
@Test func workNeedsTheWorkMeter() async throws {
  let run = try await BuiltTool.run(["work", "--count", "50"])
  if HarnessEnvironment.workMeterRequested {
    #expect(run.status == 0)
    #expect(run.stdout.contains("inputs: 50 generated"))
    #expect(run.stdout.hasSuffix("work: 0 of 57 inputs over the linear-work bound, 0 leaking\n"))
  } else {
    #expect(run.status == 1)
    #expect(run.stderr.contains("no work meter: build it with NOTIFICATION_BODY_WORK_METER=1"))
  }
}

@Test func workRefusesABadCount() async throws {
  let run = try await BuiltTool.run(["work", "--count", "-1"])
  #expect(run.status == 64)
  #expect(run.stderr.hasPrefix("Error: '--count' must be a whole number"))
}
