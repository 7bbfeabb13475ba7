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

    /// An array of `count` bytes filled by `fill`, its storage advised before the first byte is written.
    static func array(count: Int, _ fill: (UnsafeMutableBufferPointer<UInt8>) throws -> Int) rethrows -> [UInt8] {
        try [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress { advise(base, count: count) }
            initialized = try fill(buffer)
        }
    }
}
