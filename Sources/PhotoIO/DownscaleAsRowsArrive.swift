import EditorState
import Synchronization

/// A reduced copy of a picture made while the picture decodes: a row of the copy is averaged from the bitmap's
/// rows as soon as the decoder has written all of them, on the decoder's thread that wrote the last, so the copy is
/// done when the decode is (rather than read back from 96 MB of a 24 MP picture after it). Each pixel of the copy
/// is the mean of the area of the picture it covers, pixels partly covered counted in proportion, as Cairo's GOOD
/// filter reduces. Opaque pictures, reduced at least 4:3 each way (Cairo's GOOD filter is bilinear above that).
public final class DownscaleAsRowsArrive: @unchecked Sendable {
    public let size: PixelSize
    private let source: Bitmap
    private let output: Bitmap
    private let columns: [AreaSpan]
    private let rows: [AreaSpan]
    /// For each row of the picture, the first and last row of the copy that read it.
    private let readers: [(first: Int, last: Int)]
    private let progress: Mutex<Progress>

    private struct Progress {
        /// Pixels the decoder has written, per row of the picture.
        var written: [Int]
        /// Rows of the copy taken by a thread to make.
        var taken: [Bool]
        var made = 0
    }

    /// nil when `source` has alpha or `size` is not a reduction of at least 4:3 each way.
    public init?(_ source: Bitmap, to size: PixelSize) throws {
        guard source.alpha == .opaque, size.width > 0, size.height > 0,
              4 * size.width <= 3 * source.width, 4 * size.height <= 3 * source.height else { return nil }
        self.size = size
        self.source = source
        output = try Bitmap(width: size.width, height: size.height)
        columns = AreaSpan.spans(from: source.width, to: size.width)
        rows = AreaSpan.spans(from: source.height, to: size.height)
        var readers = [(first: Int, last: Int)](repeating: (Int.max, -1), count: source.height)
        for (j, span) in rows.enumerated() {
            for y in span.first...span.last {
                readers[y] = (min(readers[y].first, j), max(readers[y].last, j))
            }
        }
        self.readers = readers
        progress = Mutex(Progress(written: [Int](repeating: 0, count: source.height),
                                  taken: [Bool](repeating: false, count: size.height)))
    }

    /// The copy, once every row of it is made.
    public var copy: Bitmap? {
        progress.withLock { $0.made } == size.height ? output : nil
    }

    /// The decoder has written `count` more pixels of row `y` (from any of its threads): the rows of the copy that
    /// this completes are made now, on this thread.
    func wrote(row y: Int, count: Int) {
        wrote(rows: y..<(y + 1), count: count)
    }

    /// The same for each of `rows` at once (a tile's), under one turn of the lock.
    func wrote(rows written: Range<Int>, count: Int) {
        let written = written.clamped(to: 0..<source.height)
        guard !written.isEmpty else { return }
        let ready: [Int] = progress.withLock { progress in
            for y in written { progress.written[y] += count }
            var ready: [Int] = []
            for j in readers[written.lowerBound].first...readers[written.upperBound - 1].last where !progress.taken[j] {
                let span = rows[j]
                guard (span.first...span.last).allSatisfy({ progress.written[$0] >= source.width }) else { continue }
                progress.taken[j] = true
                ready.append(j)
            }
            return ready
        }
        guard !ready.isEmpty else { return }
        // Made rows are handed over through the lock; `copy` reads them only once the decode has ended.
        var sums = [Float](repeating: 0, count: 3 * source.width)
        for j in ready { make(row: j, sums: &sums) }
        progress.withLock { $0.made += ready.count }
    }

    /// Row `j` of the copy: the picture's rows under it summed with their weights, channel by channel, then
    /// each run of columns under a pixel of the copy.
    private func make(row j: Int, sums: inout [Float]) {
        let width = source.width
        let span = rows[j]
        sums.withUnsafeMutableBufferPointer { sums in
            let sums = sums.baseAddress!
            sums.update(repeating: 0, count: 3 * width)
            for y in span.first...span.last {
                Self.accumulate(source.row(y), weight: span.weight(y), into: sums, width: width)
            }
            let out = output.row(j)
            let red = sums, green = sums + width, blue = sums + 2 * width
            let scale = Float(size.width) * Float(size.height) / (Float(width) * Float(source.height))
            for (i, column) in columns.enumerated() {
                var r: Float = 0, g: Float = 0, b: Float = 0
                for x in column.first...column.last {
                    let w = column.weight(x)
                    r += w * red[x]
                    g += w * green[x]
                    b += w * blue[x]
                }
                out[i] = 0xFF00_0000 | Self.byte(r * scale) << 16 | Self.byte(g * scale) << 8 | Self.byte(b * scale)
            }
        }
    }

    /// Adds `weight` times each channel of a row to the red, green and blue sums (one after the other): a loop
    /// the compiler vectorises.
    private static func accumulate(_ row: UnsafeMutablePointer<UInt32>, weight: Float,
                                   into sums: UnsafeMutablePointer<Float>, width: Int) {
        let red = sums, green = sums + width, blue = sums + 2 * width
        for x in 0..<width {
            let v = Int32(bitPattern: row[x])
            red[x] += weight * Float(v >> 16 & 0xFF)
            green[x] += weight * Float(v >> 8 & 0xFF)
            blue[x] += weight * Float(v & 0xFF)
        }
    }

    @inline(__always)
    private static func byte(_ value: Float) -> UInt32 {
        let rounded = value + 0.5
        return rounded < 255 ? UInt32(rounded) : 255
    }
}

/// The part of a picture's rows (or columns) under one row (or column) of a reduced copy: from `first` to `last`,
/// the two ends counted by the share of them covered, those between whole.
struct AreaSpan: Equatable {
    let first: Int
    let last: Int
    let firstWeight: Float
    let lastWeight: Float

    func weight(_ index: Int) -> Float {
        index == first ? firstWeight : index == last ? lastWeight : 1
    }

    /// The spans of `count` pixels reduced to `reduced`: pixel i of the copy covers [i·count/reduced, (i+1)·count/reduced).
    static func spans(from count: Int, to reduced: Int) -> [AreaSpan] {
        (0..<reduced).map { i in
            let start = Double(i) * Double(count) / Double(reduced)
            let end = Double(i + 1) * Double(count) / Double(reduced)
            let first = Int(start), last = min(count - 1, Int(end.rounded(.up)) - 1)
            return AreaSpan(first: first, last: last, firstWeight: Float(min(Double(first + 1), end) - start),
                            lastWeight: last > first ? Float(end - Double(last)) : 0)
        }
    }
}
