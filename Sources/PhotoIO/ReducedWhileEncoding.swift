import CJPEGRecovery
import EditorState

/// A reduced copy of a crop wanted with its encode: its longer side `within` pixels, each pixel the mean of
/// `samplesPerSide`² evenly spaced pixels under it (`BoxScaler.fit(_:within:samplesPerSide:)`, exactly). The
/// window asks for one to make the new file's thumbnail of.
public struct ReducedCopy: Sendable, Equatable {
    public let within: Int
    public let samplesPerSide: Int

    public init(within: Int, samplesPerSide: Int) {
        self.within = within
        self.samplesPerSide = samplesPerSide
    }
}

/// The sums of a `ReducedCopy` that a JPEG encoder adds the picture's rows to as it reads them
/// (`cropper_row_sums`), so that the copy costs a few samples of rows still in the cache rather than a second pass
/// over 30 MB of pixels that have left it. Opaque pictures only: the encoder's input.
final class ReducedWhileEncoding {
    let size: PixelSize
    private let copyRow: UnsafeMutableBufferPointer<Int32>
    private let sampleColumns: UnsafeMutableBufferPointer<Int32>
    private let columnEnds: UnsafeMutableBufferPointer<Int32>
    /// Two planes: an encode on two threads adds its bottom half to the second.
    private let sums: UnsafeMutableBufferPointer<UInt32>
    /// How many of the picture's rows each row of the copy samples.
    private let rowsSampled: [Int]
    private let columnsSampled: [Int]

    /// Nil when a picture of `picture` already fits (`BoxScaler.fit` returns it as it is), or when a row of the
    /// copy would sample so many rows (at most 2 × `samplesPerSide` − 1) that the encoder's 16-bit column sums
    /// could overflow.
    init?(_ wanted: ReducedCopy, of picture: PixelSize) {
        guard wanted.samplesPerSide <= 128, let size = BoxScaler.fittedSize(picture, within: wanted.within) else { return nil }
        self.size = size
        let rows = BoxScaler.spans(source: picture.height, target: size.height, samples: wanted.samplesPerSide)
        let columns = BoxScaler.spans(source: picture.width, target: size.width, samples: wanted.samplesPerSide)
        copyRow = .allocate(capacity: picture.height)
        copyRow.initialize(repeating: -1)
        for (index, span) in rows.enumerated() {
            for y in span { copyRow[y] = Int32(index) }
        }
        sampleColumns = .allocate(capacity: columns.reduce(0) { $0 + $1.count })
        _ = sampleColumns.initialize(from: columns.joined().map(Int32.init))
        columnEnds = .allocate(capacity: columns.count)
        var end = 0
        for (index, span) in columns.enumerated() {
            end += span.count
            columnEnds[index] = Int32(end)
        }
        sums = .allocate(capacity: 2 * 3 * size.width * size.height)
        sums.initialize(repeating: 0)
        rowsSampled = rows.map(\.count)
        columnsSampled = columns.map(\.count)
    }

    deinit {
        copyRow.deallocate()
        sampleColumns.deallocate()
        columnEnds.deallocate()
        sums.deallocate()
    }

    /// `body` with the sums as the encoder takes them.
    func withRowSums<T>(_ body: (UnsafePointer<cropper_row_sums>) throws -> T) rethrows -> T {
        var described = cropper_row_sums(copy_row: copyRow.baseAddress, sample_columns: sampleColumns.baseAddress,
                                         column_ends: columnEnds.baseAddress, width: Int32(size.width),
                                         height: Int32(size.height), sums: sums.baseAddress)
        return try body(&described)
    }

    /// The copy, once the encoder has read every row: each pixel its sums over both planes divided by the number
    /// of samples, rounded as `BoxScaler` rounds.
    func copy() throws -> Bitmap {
        let out = try Bitmap(width: size.width, height: size.height)
        let plane = 3 * size.width * size.height
        for y in 0..<size.height {
            let row = out.row(y)
            for x in 0..<size.width {
                let at = 3 * (y * size.width + x)
                let count = UInt32(rowsSampled[y] * columnsSampled[x]), half = count / 2
                func mean(_ channel: Int) -> UInt32 { (sums[at + channel] + sums[plane + at + channel] + half) / count }
                row[x] = 0xFF00_0000 | mean(0) << 16 | mean(1) << 8 | mean(2)
            }
        }
        return out
    }
}
