import CMalloc
import PhotoIO

/// How the window's heap hands out large buffers. For an editing session: buffers of 1 MiB and more (photos,
/// previews, display caches, encoded files) get mappings of their own, given back when freed, and the short-lived
/// loader and writer threads share one heap. Left to itself glibc raises the threshold after the first such free
/// and keeps freed photos in a heap per thread, where they fragment: a long session grew by tens of megabytes.
///
/// While the grid saves a batch the workers want the opposite: each photo allocates the same buffers again
/// (the file, the decoded region, the encoder's output), and mapped afresh every time they were faulted in 4 KiB
/// at a time — 175,000 page faults for 40 × 12 MP against the command line's 26,000, a sixth of the batch's CPU.
/// So during a batch the command line's policy (`BatchHeap`: glibc's own threshold at its 32 MiB bound) serves
/// them from the heap, reused from photo to photo; when it ends the session's policy comes back and the freed heap
/// is returned. The trim threshold goes with it, as glibc's own adjustment would set it (twice the mmap threshold): left at
/// 128 KiB, every photo's buffers were handed back to the kernel when freed and zeroed again for the next one
/// (a quarter of a second of the kernel's page clearing in 40 photos, measured with perf).
enum HeapPolicy {
    static let sessionThreshold: Int32 = 1 << 20
    static let sessionTrimThreshold: Int32 = 128 << 10

    static func forSession() {
        mallopt(M_MMAP_THRESHOLD, sessionThreshold)
        mallopt(M_ARENA_MAX, 2)
    }

    static func batchStarted() {
        BatchHeap.begin()
    }

    static func batchEnded() {
        mallopt(M_MMAP_THRESHOLD, sessionThreshold)
        mallopt(M_TRIM_THRESHOLD, sessionTrimThreshold)
        malloc_trim(0)
    }
}
