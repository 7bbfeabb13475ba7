import CTurboJPEG
import Foundation
import Glibc

/// Offers transparent huge pages for large buffers: reading a 10 MB photo then takes a few 2 MiB page faults
/// instead of 2,500 4 KiB ones (`cropper info` on the 24 MP benchmark photo: 14.9 → 11.1 ms of CPU; see
/// docs/benchmarks.md). Only whole 2 MiB blocks inside the buffer can become huge pages.
enum HugePages {
    static let size = 2 << 20

    /// Advises the part of `buffer` that is whole pages; small buffers are left alone.
    static func advise(_ buffer: UnsafeMutableRawPointer, count: Int) {
        guard count >= 2 * size else { return }
        let page = Int(getpagesize())
        let start = (Int(bitPattern: buffer) + page - 1) / page * page
        let end = (Int(bitPattern: buffer) + count) / page * page
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    /// From this size on (a 64 MP bitmap) a bitmap keeps 4 KiB pages: the kernel zeroes every fresh page at its first
    /// touch, and a panorama's 614 MB took 0.12–1.0 s of CPU to zero in 2 MiB pages on this machine's host
    /// (depending on whether the host had them ready) against 0.19–0.3 s in 4 KiB pages every time.
    static let bitmapsFrom = 256 << 20

    /// An array of `count` bytes filled by `fill`, its storage advised before the first byte is written.
    static func array(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Int) rethrows -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { advise(base, count: count) }
            initialized = try fill(buffer)
        }
    }

    /// Runs `body` (a library call that allocates large blocks through malloc, as libjpeg does its coefficient
    /// arrays: 72 MB for a 24 MP photo) with those blocks in huge pages. malloc maps every block of 128 KiB and
    /// more on its own, in 4 KiB pages the library then faults in one by one (a lossless crop of the 24 MP photo:
    /// 29,000 faults, a quarter of its time). For the call, malloc serves large blocks from the heap instead, and
    /// `bytes` of heap are advised for huge pages first. Only on the main thread, whose arena is the one heap that
    /// can grow that far (the command line's); elsewhere `body` runs as it is.
    static func forLargeAllocations<T>(upTo bytes: Int, _ body: () throws -> T) rethrows -> T {
        guard Thread.isMainThread, bytes >= 2 * size, bytes < Int(Int32.max) else { return try body() }
        mallopt(M_MMAP_MAX, 0)
        mallopt(M_TRIM_THRESHOLD, Int32.max)
        defer {
            mallopt(M_MMAP_MAX, defaultMappings)
            mallopt(M_TRIM_THRESHOLD, defaultTrimThreshold)
            malloc_trim(0)
        }
        if let heap = malloc(bytes) {
            advise(heap, count: bytes)
            free(heap)
        }
        return try body()
    }

    /// glibc's defaults for the two settings `forLargeAllocations` changes.
    private static let defaultMappings: Int32 = 65536
    private static let defaultTrimThreshold: Int32 = 128 * 1024
}
