import NotificationBody
import NotificationBodyReference

/// Where a fuzz target traps: in a function of its own for each cause, so
/// the top frames of a crash name it. ClusterFuzz files one bug per crash
/// state, the top three frames its stack parser keeps, and ClusterFuzzLite
/// points each alert at the top frame; a single trap site would be one bug
/// for everything.
///
/// - A body that differs from the contract's traps in the function of the
///   rule where the bodies part (`RuleAttribution.rule(of:limit:invariant:
///   implementation:)`), `bodiesPartAtR7`, whichever invariant caught it,
///   as triage groups it (`FindingCause`).
/// - Any other broken invariant traps in its own function, `noLeakBroken`,
///   `linearWorkBroken`, or `withinLimitBroken` for a body the contract's
///   breaks too.
///
/// Each function is `@inline(never)`, so its frame is in the release
/// build's stack, and sits on a line of its own, which the trap's message
/// names (`FuzzTrap.swift:<line>: Fatal error: invariant …`).
package enum FuzzTrap {
  /// Traps on `failure`, which `input` broke, in the function of its cause,
  /// with `InvariantFailure.trapMessage(inputBytes:rule:)`.
  ///
  /// - Parameters:
  ///   - failure: The broken invariant, already decided.
  ///   - input: The input that broke it.
  ///   - size: The fuzzer input's size in bytes, for the message.
  /// - Complexity: A few of the reference's runs over R1's window for a
  ///   body's finding, to name its rule.
  @_silgen_name("FuzzTrap.trap")
  package static func trap(_ failure: InvariantFailure, on input: FuzzInput, size: Int) -> Never {
    let rule = RuleAttribution.rule(
      of: input.message, limit: input.limit, invariant: failure.invariant)
    let message = failure.trapMessage(inputBytes: size, rule: rule)
    if let rule { bodiesPart(at: rule, message) }
    broken(failure.invariant, message)
  }
}

// The trap's frames, each a plain symbol, as a stack shows it without a
// Swift demangler (`FuzzTrap.noLeakBroken`).

@_silgen_name("FuzzTrap.bodiesPart")
private func bodiesPart(at rule: NotificationBodyReference.Rule, _ message: String) -> Never {
  switch rule {
  case .r1: bodiesPartAtR1(message)
  case .r2: bodiesPartAtR2(message)
  case .r3: bodiesPartAtR3(message)
  case .r4: bodiesPartAtR4(message)
  case .r5: bodiesPartAtR5(message)
  case .r6: bodiesPartAtR6(message)
  case .r7: bodiesPartAtR7(message)
  case .r8: bodiesPartAtR8(message)
  case .r9: bodiesPartAtR9(message)
  case .r10: bodiesPartAtR10(message)
  case .r11: bodiesPartAtR11(message)
  case .r12: bodiesPartAtR12(message)
  }
}

@_silgen_name("FuzzTrap.broken")
private func broken(_ invariant: Invariant, _ message: String) -> Never {
  switch invariant {
  case .withinLimit: withinLimitBroken(message)
  case .wholeCharacters: wholeCharactersBroken(message)
  case .ellipsisExactly: ellipsisExactlyBroken(message)
  case .codeSurvives: codeSurvivesBroken(message)
  case .noMarkupResidue: noMarkupResidueBroken(message)
  case .nothingNew: nothingNewBroken(message)
  case .plainTextPasses: plainTextPassesBroken(message)
  case .windowHolds: windowHoldsBroken(message)
  case .matchesReference: matchesReferenceBroken(message)
  case .noLeak: noLeakBroken(message)
  case .linearWork: linearWorkBroken(message)
  }
}

@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR1")
private func bodiesPartAtR1(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR2")
private func bodiesPartAtR2(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR3")
private func bodiesPartAtR3(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR4")
private func bodiesPartAtR4(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR5")
private func bodiesPartAtR5(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR6")
private func bodiesPartAtR6(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR7")
private func bodiesPartAtR7(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR8")
private func bodiesPartAtR8(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR9")
private func bodiesPartAtR9(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR10")
private func bodiesPartAtR10(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR11")
private func bodiesPartAtR11(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.bodiesPartAtR12")
private func bodiesPartAtR12(_ m: String) -> Never { fatalError(m) }

@inline(never) @_silgen_name("FuzzTrap.withinLimitBroken")
private func withinLimitBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.wholeCharactersBroken")
private func wholeCharactersBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.ellipsisExactlyBroken")
private func ellipsisExactlyBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.codeSurvivesBroken")
private func codeSurvivesBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.noMarkupResidueBroken")
private func noMarkupResidueBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.nothingNewBroken")
private func nothingNewBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.plainTextPassesBroken")
private func plainTextPassesBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.windowHoldsBroken")
private func windowHoldsBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.matchesReferenceBroken")
private func matchesReferenceBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.noLeakBroken")
private func noLeakBroken(_ m: String) -> Never { fatalError(m) }
@inline(never) @_silgen_name("FuzzTrap.linearWorkBroken")
private func linearWorkBroken(_ m: String) -> Never { fatalError(m) }
