#if os(Linux)
  import Glibc
  import NotificationBody
  import Testing

  /// R1's bound as work, not as output: the library reads no more of a
  /// 100 MB message than its window needs. Memory pages count the reads: the
  /// kernel is asked to drop every page of the message past its first
  /// 64 KiB, so that touching any of them again costs this thread a page
  /// fault, which `getrusage` counts. No clock is involved.
  @Suite struct WindowBoundTests {
    private struct Reads {
      var body = ""
      var libraryFaults = 0
      var readAllFaults = 0
      var droppedPages = 0
      var nonZeroBytes = 0
    }

    @Test func aHundredMegabyteMessageIsReadNoFurtherThanItsWindow() throws {
      let message = String(unsafeUninitializedCapacity: 100_000_000) { bytes in
        bytes.initialize(repeating: UInt8(ascii: "a"))
        return bytes.count
      }
      let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
      let measured: Reads?? = message.utf8.withContiguousStorageIfAvailable { bytes in
        // The pages wholly past the first 64 KiB (the window is at most
        // 4096 × 3 bytes). Dropped, they read as zero bytes: still ASCII.
        let base = Int(bitPattern: bytes.baseAddress!)
        let start = (base + 65_536 + pageSize - 1) / pageSize * pageSize
        let end = (base + bytes.count) / pageSize * pageSize
        let tail = UnsafeMutableRawPointer(bitPattern: start)!
        // Small pages, so that each page touched is one fault.
        _ = madvise(tail, end - start, MADV_NOHUGEPAGE)
        guard madvise(tail, end - start, MADV_DONTNEED) == 0 else { return nil }
        var reads = Reads(droppedPages: (end - start) / pageSize)
        reads.libraryFaults = Self.minorFaults { reads.body = NotificationBody.make(from: message) }
        // The measure can fail: reading a byte of every dropped page faults
        // on each of them (and finds it zero, so the drop took effect).
        reads.readAllFaults = Self.minorFaults {
          for offset in stride(from: start - base, to: end - base, by: pageSize) {
            reads.nonZeroBytes += bytes[offset] != 0 ? 1 : 0
          }
        }
        return reads
      }
      let reads = try #require(measured ?? nil, "the message's pages could not be dropped")
      #expect(reads.nonZeroBytes == 0, "the dropped pages should read as zeros")
      #expect(reads.body == String(repeating: "a", count: 255) + "…")
      #expect(reads.libraryFaults <= 16, "the library touched pages past its window")
      #expect(reads.readAllFaults >= reads.droppedPages, "a full read should fault on every page")
    }

    /// The minor page faults this thread takes while `body` runs.
    private static func minorFaults(_ body: () -> Void) -> Int {
      // RUSAGE_THREAD, which Glibc's module does not export by name.
      let thisThread = __rusage_who_t(1)
      var before = rusage()
      var after = rusage()
      getrusage(thisThread, &before)
      body()
      getrusage(thisThread, &after)
      return after.ru_minflt - before.ru_minflt
    }
  }
#endif
