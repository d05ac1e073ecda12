import CLibFuzzer
import CWorkFeatures
import NotificationBodyHarness

@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<CInt>?,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
  FuzzTarget.initialize()
  return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let cost = FuzzTarget.invariants.run(data, size)
  work_features_record(cost.readBytes, cost.work)
  return 0
}

@_cdecl("LLVMFuzzerCustomMutator")
public func mutate(
  _ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt
) -> Int {
  FuzzMutator.mutate(data, size: size, maxSize: maxSize, seed: seed, fallback: LLVMFuzzerMutate)
}
