/// A growable list of plain values owned by one scanner: appends and reads
/// with no copy-on-write checks, and no allocation until the first append.
struct ScratchList<Element: BitwiseCopyable>: ~Copyable {
  private var storage: UnsafeMutablePointer<Element>?
  private var capacity = 0
  private(set) var count = 0

  init() {}

  deinit {
    storage?.deallocate()
  }

  var isEmpty: Bool { count == 0 }

  subscript(index: Int) -> Element {
    get { storage![index] }
    set { storage![index] = newValue }
  }

  /// Makes room for `minimumCapacity` elements in all, so that appends up
  /// to that many never copy the list.
  mutating func reserve(_ minimumCapacity: Int) {
    if capacity < minimumCapacity { grow(to: minimumCapacity) }
  }

  @inline(__always)
  mutating func append(_ element: Element) {
    if count == capacity { grow(to: max(64, capacity * 2)) }
    (storage! + count).initialize(to: element)
    count += 1
  }

  mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    count -= 1
    return storage![count]
  }

  /// Empties the list and keeps its storage.
  mutating func removeAll() {
    count = 0
  }

  @inline(never)
  private mutating func grow(to newCapacity: Int) {
    let newStorage = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
    if let storage {
      UnsafeMutableRawPointer(newStorage).copyMemory(
        from: storage, byteCount: count * MemoryLayout<Element>.stride)
      storage.deallocate()
    }
    storage = newStorage
    capacity = newCapacity
  }
}
