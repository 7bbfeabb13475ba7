import Dispatch
import EditorState

/// The one canvas blit for a photo that is turned (straighten) or re-projected (perspective): every target pixel
/// of a rectangle is mapped back through a homography into a source bitmap and written straight into the back
/// buffer, with the canvas ground, the checkerboard under a transparent photo and the crop mask's darkening done
/// in the same pass. Cairo draws only affine maps, and its general transformed paint costs 10–15 ms a frame for a
/// fitted photo at 1920 × 1080; this costs a few, split in bands across the cores.
///
/// Per row the pixels that land on the source form one interval (the source is convex and the row a straight
/// line), found from five linear inequalities; inside it the source point steps in 32.32 fixed point, with no
/// division for an affine map and one exact division every `span` pixels for a projective one.
struct WarpBlit: @unchecked Sendable {
    enum Filter: Sendable { case nearest, bilinear }

    struct Pixels {
        let base: UnsafeRawPointer
        let stride: Int
        let width: Int, height: Int
        /// Premultiplied ARGB32 (a transparent photo) rather than opaque RGB24.
        let hasAlpha: Bool
    }

    /// The crop mask folded into the blit: outside `hole` every pixel keeps `keep`/256 of itself.
    struct Dimming {
        let hole: (x0: Int, y0: Int, x1: Int, y1: Int)
        let keep: UInt32

        init(hole: (x0: Int, y0: Int, x1: Int, y1: Int), alpha: Double) {
            self.hole = hole
            keep = UInt32(max(0, min(256, ((1 - alpha) * 256).rounded())))
        }
    }

    /// Light and dark squares of `side` target pixels, anchored at `origin`: what shows through transparency.
    struct Checker {
        let side: Int
        let origin: (x: Int, y: Int)
        let light: UInt32, dark: UInt32
    }

    /// Pixels of a projective row computed exactly this far apart and stepped linearly in between: the map bends
    /// by a few hundredths of a pixel over 16 pixels even at ±40°, a quarter of that over 8 (at rest).
    var span: Int { filter == .nearest ? 16 : 8 }

    let target: UnsafeMutableRawPointer, targetStride: Int
    let source: Pixels
    /// Target pixel centre (x + ½, y + ½) → source point, pixel k covering [k, k + 1).
    let map: Homography
    let filter: Filter
    /// Where no source pixel lands: opaque 0x00RRGGBB.
    let ground: UInt32
    let dimming: Dimming?
    let checker: Checker?
    /// The target's rows and columns the map is stepped across; `written`, within `columns`, are those the blit
    /// writes (a frame that repaints part of the canvas). A pixel comes out the same whichever of its row's
    /// columns are written: the fixed-point steps skipped are added exactly.
    let rows: Range<Int>, columns: Range<Int>, written: Range<Int>

    init(target: UnsafeMutableRawPointer, targetStride: Int, source: Pixels, map: Homography, filter: Filter,
         ground: UInt32, dimming: Dimming?, checker: Checker?, rows: Range<Int>, columns: Range<Int>,
         written: Range<Int>? = nil) {
        self.target = target
        self.targetStride = targetStride
        self.source = source
        self.map = map
        self.filter = filter
        self.ground = ground
        self.dimming = dimming
        self.checker = checker
        self.rows = rows
        self.columns = columns
        self.written = written?.clamped(to: columns) ?? columns
    }

    /// Draws every row, in bands on all cores.
    func draw() {
        guard !rows.isEmpty, !written.isEmpty else { return }
        let bands = min(rows.count, 8)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let per = (rows.count + bands - 1) / bands
            let first = rows.lowerBound + band * per, last = min(rows.upperBound, first + per)
            guard first < last else { return }
            for y in first..<last { drawRow(y) }
        }
    }

    func drawRow(_ y: Int) {
        let row = (target + y * targetStride).assumingMemoryBound(to: UInt32.self) + columns.lowerBound
        let count = columns.count
        // The written columns, counted like `row` from `columns.lowerBound`.
        let shown = (written.lowerBound - columns.lowerBound)..<(written.upperBound - columns.lowerBound)
        let m = map.m
        let px = Double(columns.lowerBound) + 0.5, py = Double(y) + 0.5
        let x0 = m[0] * px + m[1] * py + m[2], y0 = m[3] * px + m[4] * py + m[5], z0 = m[6] * px + m[7] * py + m[8]
        let inside = insideSteps(x: (x0, m[0]), y: (y0, m[3]), z: (z0, m[6]), count: count)
        // The columns the mask leaves clear in this row: all of them with no mask, none above or below the box.
        let clear = clearColumns(y, count: count)
        let opaqueGround = ground | 0xFF00_0000
        let darkGround = dimming.map { Self.darkened(opaqueGround, keep: $0.keep) } ?? opaqueGround
        // Off the photo: the ground, already darkened where the mask lies.
        func paintGround(_ range: Range<Int>) {
            let range = range.clamped(to: shown)
            fill(row, range.clamped(to: 0..<clear.lowerBound), darkGround)
            fill(row, range.clamped(to: clear), opaqueGround)
            fill(row, range.clamped(to: clear.upperBound..<count), darkGround)
        }
        paintGround(0..<inside.lowerBound)
        paintGround(inside.upperBound..<count)
        guard !inside.clamped(to: shown).isEmpty else { return }
        guard let dimming else {
            return samplePhoto(into: row, inside: inside, writing: shown, keep: nil, at: (x0, y0, z0), row: y)
        }
        if source.hasAlpha {
            // The checkerboard goes under the photo first, the mask over both.
            samplePhoto(into: row, inside: inside, writing: shown, keep: nil, at: (x0, y0, z0), row: y)
            let darkened = inside.clamped(to: shown)
            darken(row, darkened.clamped(to: 0..<clear.lowerBound), keep: dimming.keep)
            darken(row, darkened.clamped(to: clear.upperBound..<count), keep: dimming.keep)
            return
        }
        // An opaque photo is darkened as it is sampled: one pass over the row, not two.
        samplePhoto(into: row, inside: inside, writing: shown.clamped(to: 0..<clear.lowerBound), keep: dimming.keep,
                    at: (x0, y0, z0), row: y)
        samplePhoto(into: row, inside: inside, writing: shown.clamped(to: clear), keep: nil, at: (x0, y0, z0), row: y)
        samplePhoto(into: row, inside: inside, writing: shown.clamped(to: clear.upperBound..<count),
                    keep: dimming.keep, at: (x0, y0, z0), row: y)
    }

    /// The photo's pixels of the row's `inside` steps that lie in `writing`, kept `keep`/256 when given: the map
    /// stepped linearly across the row (affine) or in `span`s between exact points (projective). `at` is the map of
    /// the row's first column's centre.
    @inline(__always)
    private func samplePhoto(into row: UnsafeMutablePointer<UInt32>, inside: Range<Int>, writing: Range<Int>,
                             keep: UInt32?, at p: (x: Double, y: Double, z: Double), row y: Int) {
        guard !inside.clamped(to: writing).isEmpty else { return }
        let m = map.m
        if m[6] == 0 && m[7] == 0 {
            // Affine: the source point moves by the same step every pixel.
            let start = Double(inside.lowerBound)
            sample(into: row, from: inside.lowerBound, count: inside.count, writing: writing, keep: keep,
                   x: (p.x + start * m[0]) / p.z, y: (p.y + start * m[3]) / p.z, dx: m[0] / p.z, dy: m[3] / p.z, atRow: y)
            return
        }
        var i = inside.lowerBound
        while i < inside.upperBound {
            let n = Swift.min(span, inside.upperBound - i)
            defer { i += n }
            guard !(i..<(i + n)).clamped(to: writing).isEmpty else { continue }
            let a = Double(i), b = Double(i + n - 1)
            let za = p.z + a * m[6], zb = p.z + b * m[6]
            let ax = (p.x + a * m[0]) / za, ay = (p.y + a * m[3]) / za
            let bx = (p.x + b * m[0]) / zb, by = (p.y + b * m[3]) / zb
            let steps = Double(max(1, n - 1))
            sample(into: row, from: i, count: n, writing: writing, keep: keep, x: ax, y: ay, dx: (bx - ax) / steps,
                   dy: (by - ay) / steps, atRow: y)
        }
    }

    /// The columns of row `y` (counted from `columns.lowerBound`) inside the mask's hole.
    private func clearColumns(_ y: Int, count: Int) -> Range<Int> {
        guard let dimming else { return 0..<count }
        guard y >= dimming.hole.y0, y < dimming.hole.y1 else { return 0..<0 }
        let left = min(max(dimming.hole.x0 - columns.lowerBound, 0), count)
        return left..<min(max(dimming.hole.x1 - columns.lowerBound, left), count)
    }

    @inline(__always)
    private func fill(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, _ colour: UInt32) {
        guard !range.isEmpty else { return }
        (row + range.lowerBound).initialize(repeating: colour, count: range.count)
    }

    /// The steps along the row (x + i·dx etc., i in 0..<count) whose point lies on the source: in front of the
    /// camera (z > 0) and 0 ≤ x/z < width, 0 ≤ y/z < height, each linear in i once multiplied by z.
    func insideSteps(x: (Double, Double), y: (Double, Double), z: (Double, Double), count: Int) -> Range<Int> {
        let w = Double(source.width), h = Double(source.height)
        var low = 0.0, high = Double(count - 1), never = false
        // Asks a + b·i ≥ 0.
        func atLeastZero(_ a: Double, _ b: Double) {
            if b == 0 {
                never = never || a < 0
            } else if b > 0 {
                low = Swift.max(low, -a / b)
            } else {
                high = Swift.min(high, -a / b)
            }
        }
        atLeastZero(z.0, z.1)
        atLeastZero(x.0, x.1)
        atLeastZero(w * z.0 - x.0, w * z.1 - x.1)
        atLeastZero(y.0, y.1)
        atLeastZero(h * z.0 - y.0, h * z.1 - y.1)
        guard !never, low <= high, low.isFinite, high.isFinite else { return 0..<0 }
        let first = Int(low.rounded(.up)), last = Int(high.rounded(.down))
        return first <= last ? first..<(last + 1) : 0..<0
    }

    /// The pixels of `from`..<`from + count` that lie in `writing`, along a straight path through the source that
    /// starts at `from`, in 32.32 fixed point (the steps before the first pixel written are added at once: the
    /// same sum, so the same pixels).
    @inline(__always)
    private func sample(into row: UnsafeMutablePointer<UInt32>, from first: Int, count total: Int,
                        writing: Range<Int>, keep: UInt32?, x: Double, y: Double, dx: Double, dy: Double,
                        atRow targetY: Int) {
        let one = 4_294_967_296.0
        let maxX = source.width - 1, maxY = source.height - 1
        let base = source.base, stride = source.stride
        let sx = Int64(dx * one), sy = Int64(dy * one)
        let run = (first..<(first + total)).clamped(to: writing)
        guard !run.isEmpty else { return }
        let skipped = Int64(run.lowerBound - first)
        var fx = Int64(x * one) &+ skipped &* sx, fy = Int64(y * one) &+ skipped &* sy
        let start = run.lowerBound, count = run.count
        // An opaque photo's unused byte made opaque; a transparent one goes over the checkerboard below.
        let opaque: UInt32 = source.hasAlpha ? 0 : 0xFF00_0000
        switch filter {
        case .nearest:
            // The point moves in a straight line, so when the run's first and last pixels fall on the source every
            // pixel between does, and none needs clamping: the common case, a quarter less work per pixel.
            let lastX = Int(truncatingIfNeeded: (fx &+ Int64(count - 1) &* sx) &>> 32)
            let lastY = Int(truncatingIfNeeded: (fy &+ Int64(count - 1) &* sy) &>> 32)
            let firstX = Int(truncatingIfNeeded: fx &>> 32), firstY = Int(truncatingIfNeeded: fy &>> 32)
            let within = (0...maxX).contains(firstX) && (0...maxX).contains(lastX)
                && (0...maxY).contains(firstY) && (0...maxY).contains(lastY)
            switch (within, keep) {
            case (true, nil):
                for i in start..<(start + count) {
                    let ix = Int(truncatingIfNeeded: fx &>> 32), iy = Int(truncatingIfNeeded: fy &>> 32)
                    row[i] = base.load(fromByteOffset: iy &* stride &+ ix &* 4, as: UInt32.self) | opaque
                    fx &+= sx
                    fy &+= sy
                }
            case let (true, keep?):
                for i in start..<(start + count) {
                    let ix = Int(truncatingIfNeeded: fx &>> 32), iy = Int(truncatingIfNeeded: fy &>> 32)
                    row[i] = Self.darkened(base.load(fromByteOffset: iy &* stride &+ ix &* 4, as: UInt32.self), keep: keep)
                    fx &+= sx
                    fy &+= sy
                }
            case (false, _):
                for i in start..<(start + count) {
                    let ix = min(max(Int(truncatingIfNeeded: fx &>> 32), 0), maxX)
                    let iy = min(max(Int(truncatingIfNeeded: fy &>> 32), 0), maxY)
                    let pixel = base.load(fromByteOffset: iy &* stride &+ ix &* 4, as: UInt32.self) | opaque
                    row[i] = keep.map { Self.darkened(pixel, keep: $0) } ?? pixel
                    fx &+= sx
                    fy &+= sy
                }
            }
        case .bilinear:
            // Between the four nearest pixel centres (k + ½): the point less ½, its whole part and 8 bits of fraction.
            let half: Int64 = 1 << 31
            fx &-= half
            fy &-= half
            for i in start..<(start + count) {
                let wx = Int(truncatingIfNeeded: fx &>> 32), wy = Int(truncatingIfNeeded: fy &>> 32)
                let tx = UInt32(truncatingIfNeeded: (fx &>> 24) & 0xFF), ty = UInt32(truncatingIfNeeded: (fy &>> 24) & 0xFF)
                let x0 = min(max(wx, 0), maxX), x1 = min(max(wx &+ 1, 0), maxX)
                let y0 = min(max(wy, 0), maxY), y1 = min(max(wy &+ 1, 0), maxY)
                let top = base + y0 &* stride, bottom = base + y1 &* stride
                let upper = Self.mix(top.load(fromByteOffset: x0 &* 4, as: UInt32.self),
                                     top.load(fromByteOffset: x1 &* 4, as: UInt32.self), tx)
                let lower = Self.mix(bottom.load(fromByteOffset: x0 &* 4, as: UInt32.self),
                                     bottom.load(fromByteOffset: x1 &* 4, as: UInt32.self), tx)
                let pixel = Self.mix(upper, lower, ty) | opaque
                row[i] = keep.map { Self.darkened(pixel, keep: $0) } ?? pixel
                fx &+= sx
                fy &+= sy
            }
        }
        if source.hasAlpha {
            for i in start..<(start + count) { row[i] = overChecker(row[i], x: columns.lowerBound + i, y: targetY) }
        }
    }

    /// `a` and `b` mixed `t`/256 of the way, all four bytes, two at a time.
    @inline(__always)
    static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s = 256 &- t
        let evens = ((a & 0x00FF_00FF) &* s &+ (b & 0x00FF_00FF) &* t) &>> 8
        let odds = (((a &>> 8) & 0x00FF_00FF) &* s &+ ((b &>> 8) & 0x00FF_00FF) &* t) &>> 8
        return (evens & 0x00FF_00FF) | ((odds & 0x00FF_00FF) &<< 8)
    }

    /// A premultiplied pixel over the checkerboard square under target pixel (x, y).
    @inline(__always)
    private func overChecker(_ pixel: UInt32, x: Int, y: Int) -> UInt32 {
        guard let checker else { return pixel | 0xFF00_0000 }
        let column = (x - checker.origin.x).floorDivided(by: checker.side)
        let line = (y - checker.origin.y).floorDivided(by: checker.side)
        let grey = (column + line) & 1 == 0 ? checker.light : checker.dark
        let uncovered = 255 &- (pixel &>> 24)
        let added = (grey &* uncovered &+ 127) / 255
        return (pixel &+ added &* 0x0001_0101) | 0xFF00_0000
    }

    /// `keep`/256 of each channel: the mask's black laid over a pixel.
    @inline(__always)
    static func darkened(_ p: UInt32, keep: UInt32) -> UInt32 {
        let evens = (((p & 0x00FF_00FF) &* keep) &>> 8) & 0x00FF_00FF
        let odds = ((((p &>> 8) & 0x00FF_00FF) &* keep) &>> 8) & 0x00FF_00FF
        return evens | (odds &<< 8) | 0xFF00_0000
    }

    private func darken(_ row: UnsafeMutablePointer<UInt32>, _ range: Range<Int>, keep: UInt32) {
        for i in range { row[i] = Self.darkened(row[i], keep: keep) }
    }
}

private extension Int {
    /// Division rounding towards −∞ (squares left of and above the anchor count down).
    func floorDivided(by divisor: Int) -> Int {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
