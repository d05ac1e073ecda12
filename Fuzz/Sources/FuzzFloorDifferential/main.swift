import FuzzCommon
import NotificationBodyHarness

// A floor, not a target: `FuzzFloor.differential` checks nothing (Fuzz/fuzz speed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzFloor.differential.run(data, size)
  return 0
}
