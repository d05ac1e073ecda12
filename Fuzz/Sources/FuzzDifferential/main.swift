import FuzzCommon
import NotificationBodyHarness

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  fuzzOne(.differential, data, size)
}
