import FuzzCommon
import NotificationBodyHarness

// A floor, not a target: `FuzzFloor.library` checks nothing (Fuzz/fuzz speed).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  FuzzFloor.library.run(data, size)
  return 0
}
