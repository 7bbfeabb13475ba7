import EditorState
import Glibc

/// Decoded pixels in Cairo's 32-bit layout: one native-endian UInt32 per pixel,
/// 0xAARRGGBB (bytes B, G, R, A on little-endian machines), rows `stride` bytes
/// apart. Opaque bitmaps can be wrapped as a Cairo RGB24 surface without copying.
///
/// The pixel memory is owned by the bitmap and written only while it is being
/// built; afterwards it is read-only, which is why sharing it between threads is safe.
public final class Bitmap: @unchecked Sendable {
    public enum Alpha: Sendable {
        /// Every pixel opaque; the top byte is undefined (Cairo RGB24).
        case opaque
        /// Straight (not premultiplied) alpha in the top byte.
        case straight
    }

    public let width: Int
    public let height: Int
    public let stride: Int
    public let alpha: Alpha
    public let pixels: UnsafeMutableRawPointer

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var byteCount: Int { stride * height }

    /// Allocates an uninitialised bitmap. Refuses sizes beyond `PixelLimits`.
    public init(width: Int, height: Int, alpha: Alpha = .opaque) throws {
        try PixelLimits.check(PixelSize(width: width, height: height))
        // Cairo's stride for its 32-bit formats: four bytes a pixel, rows already 4-byte aligned.
        let stride = width * 4
        guard let memory = Bitmap.allocate(stride * height) else {
            throw PhotoIOError.outOfMemory(width: width, height: height)
        }
        self.width = width
        self.height = height
        self.stride = stride
        self.alpha = alpha
        self.pixels = memory
    }

    deinit { free(pixels) }

    /// Large buffers are aligned to 2 MiB and offered transparent huge pages:
    /// a 24 MP decode then takes a few dozen page faults instead of 24 000. A panorama's are not
    /// (`HugePages.bitmapsFrom`): its pages are faulted in by the decoder writing its rows.
    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer? {
        let hugePage = 2 << 20
        guard bytes >= 2 * hugePage else { return malloc(bytes) }
        let huge = bytes < HugePages.bitmapsFrom
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, huge ? hugePage : Int(getpagesize()), bytes) == 0, let memory else { return nil }
        madvise(memory, bytes, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE)
        return memory
    }

    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The pixel at column x, row y as 0xAARRGGBB (alpha forced to FF when opaque).
    public func pixel(x: Int, y: Int) -> UInt32 {
        let value = row(y)[x]
        return alpha == .opaque ? value | 0xFF00_0000 : value
    }

    /// Whether row `y` holds the same bytes in both bitmaps (of one width).
    func rowEquals(_ y: Int, _ other: Bitmap) -> Bool {
        memcmp(pixels + y * stride, other.pixels + y * other.stride, width * 4) == 0
    }

    public var pixelBytes: UnsafeMutablePointer<UInt8> { pixels.assumingMemoryBound(to: UInt8.self) }

    /// A copy of `rect` (which must lie inside the bitmap).
    public func cropped(to rect: PixelRect) throws -> Bitmap {
        try transformed(by: .normal, region: rect)
    }

    /// Composites straight alpha over `background` (0xRRGGBB); opaque bitmaps are returned as they are.
    func flattened(over background: UInt32 = 0xFFFFFF) throws -> Bitmap {
        guard alpha == .straight else { return self }
        let out = try Bitmap(width: width, height: height, alpha: .opaque)
        for y in 0..<height {
            let src = row(y), dst = out.row(y)
            for x in 0..<width {
                let p = src[x]
                let a = p >> 24
                var result: UInt32 = 0xFF00_0000
                for shift: UInt32 in [0, 8, 16] {
                    let c = (p >> shift) & 0xFF, b = (background >> shift) & 0xFF
                    result |= ((c * a + b * (255 - a) + 127) / 255) << shift
                }
                dst[x] = result
            }
        }
        return out
    }
}
