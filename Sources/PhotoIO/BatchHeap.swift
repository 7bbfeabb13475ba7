import CMalloc

/// How the heap serves a batch of crops, the command line's and the window's grid alike: each photo allocates the
/// same large buffers again (the file, the encoder's output, its copies), so they are kept in the heap and reused
/// from photo to photo rather than mapped afresh and faulted in 4 KiB at a time for every one.
///
/// Left to glibc, the threshold above which a block gets a mapping of its own moves with the largest block freed so
/// far, and the trim threshold with it: which buffers a photo mapped, and how much freed heap stayed resident,
/// depended on how the two workers' photos happened to interleave. `cropper crop` over 5 photos peaked at anything
/// from 103 to 115 MB from one run to the next (40 photos: 115–118 MB). Fixed, every run takes the same path:
/// 20 × 12 MP crops took 7,700 page faults instead of 20,000–52,000, and 8 % less CPU.
public enum BatchHeap {
    /// glibc's own upper bound for its moving threshold: every buffer of a 12 MP photo's crop stays in the heap.
    public static let mmapThreshold: Int32 = 32 << 20
    /// Twice the mmap threshold, as glibc's own adjustment sets it: freed buffers stay for the next photo.
    public static let trimThreshold: Int32 = 64 << 20

    public static func begin() {
        mallopt(M_MMAP_THRESHOLD, mmapThreshold)
        mallopt(M_TRIM_THRESHOLD, trimThreshold)
    }
}
