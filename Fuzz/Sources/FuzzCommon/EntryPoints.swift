import CLibFuzzer
import CWorkFeatures
import NotificationBodyHarness

// libFuzzer's entry points that every target shares. Each target's
// main.swift holds only LLVMFuzzerTestOneInput, which names its FuzzTarget.

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  FuzzTarget.initialize()
  return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(
  _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt
) -> Int {
  FuzzMutator.mutate(data, size: size, maxSize: maxSize, seed: seed, fallback: LLVMFuzzerMutate)
}

/// Runs one input through `target`, which traps on a broken invariant, and
/// reports the library's work per byte on it to libFuzzer as features.
public func fuzzOne(_ target: FuzzTarget, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let cost = target.run(data, size)
  work_features_record(cost.readBytes, cost.work)
  return 0
}
