/// How much each part of a photo holds the eye, on a coarse grid of cells over the displayed picture (a preview's
/// pixels): what smart placement reads. The scoring itself (detail, saturation, skin) is PhotoIO's; choosing where
/// a box goes from the scores is geometry, and lives here for the command line and the window alike.
public struct InterestMap: Sendable, Equatable {
    public let columns: Int
    public let rows: Int
    /// Row after row, `columns` a row; nothing negative.
    public let values: [Float]
    /// The displayed picture the grid covers.
    public let pictureSize: PixelSize

    public init(columns: Int, rows: Int, values: [Float], pictureSize: PixelSize) {
        precondition(columns > 0 && rows > 0 && values.count == columns * rows)
        self.columns = columns
        self.rows = rows
        self.values = values.map { max(0, $0) }
        self.pictureSize = pictureSize
    }

    /// Displayed pixels a cell, across and down.
    var cellWidth: Double { Double(pictureSize.width) / Double(columns) }
    var cellHeight: Double { Double(pictureSize.height) / Double(rows) }

    /// Where a smart box went and why: the box, and the centre of the interest it holds, which it is centred on
    /// as nearly as the frame and the interest elsewhere allow.
    public struct Choice: Sendable, Equatable {
        public let rect: PixelRect
        public let centreOfInterest: Point
    }

    /// The box of `size` inside `frame` that holds the most interest. Boxes within 2 % of the most (JPEG noise,
    /// a textured background) count as equal; of those, the one whose centre is nearest the centre of interest of
    /// the best box wins, so a subject smaller than the box sits in its middle rather than against an edge.
    public func bestBox(_ size: PixelSize, in frame: PixelRect) -> Choice {
        let table = SummedArea(self)
        let width = min(size.width, frame.width), height = min(size.height, frame.height)
        let xs = positions(from: frame.x, spare: frame.width - width, cell: cellWidth)
        let ys = positions(from: frame.y, spare: frame.height - height, cell: cellHeight)
        var sums: [(x: Int, y: Int, sum: Double)] = []
        sums.reserveCapacity(xs.count * ys.count)
        for y in ys {
            for x in xs {
                sums.append((x, y, table.sum(PixelRect(x: x, y: y, width: width, height: height), in: self)))
            }
        }
        let best = sums.max { $0.sum < $1.sum }!
        let bestRect = PixelRect(x: best.x, y: best.y, width: width, height: height)
        let centre = centroid(in: bestRect) ?? frame.center
        var chosen = bestRect, nearest = Double.infinity
        for candidate in sums where candidate.sum >= best.sum * 0.98 {
            let rect = PixelRect(x: candidate.x, y: candidate.y, width: width, height: height)
            let distance = rect.center.distance(to: centre)
            if distance < nearest - 1e-9 {
                nearest = distance
                chosen = rect
            }
        }
        return Choice(rect: chosen, centreOfInterest: centre)
    }

    /// The interest-weighted centre of what lies in `rect` (whole picture: pass its rect); nil when it holds none.
    public func centroid(in rect: PixelRect) -> Point? {
        var total = 0.0, sumX = 0.0, sumY = 0.0
        let c0 = max(0, Int(Double(rect.x) / cellWidth)), c1 = min(columns, Int((Double(rect.maxX) / cellWidth).rounded(.up)))
        let r0 = max(0, Int(Double(rect.y) / cellHeight)), r1 = min(rows, Int((Double(rect.maxY) / cellHeight).rounded(.up)))
        guard c0 < c1, r0 < r1 else { return nil }
        for row in r0..<r1 {
            let top = max(Double(rect.y), Double(row) * cellHeight), bottom = min(Double(rect.maxY), Double(row + 1) * cellHeight)
            for column in c0..<c1 {
                let left = max(Double(rect.x), Double(column) * cellWidth)
                let right = min(Double(rect.maxX), Double(column + 1) * cellWidth)
                let weight = Double(values[row * columns + column]) * max(0, right - left) * max(0, bottom - top)
                total += weight
                sumX += weight * (left + right) / 2
                sumY += weight * (top + bottom) / 2
            }
        }
        return total > 0 ? Point(x: sumX / total, y: sumY / total) : nil
    }

    /// Box origins to try along one axis: a step a cell, always including both ends.
    private func positions(from start: Int, spare: Int, cell: Double) -> [Int] {
        guard spare > 0 else { return [start] }
        let steps = max(1, Int((Double(spare) / max(cell, 1)).rounded(.up)))
        return (0...steps).map { start + spare * $0 / steps }
    }
}

/// Sums of interest over any rect in displayed pixels: a summed-area table over the cells, read between cell
/// corners bilinearly, which is exact when each cell's interest is spread evenly over it.
private struct SummedArea {
    let table: [Double]
    let stride: Int

    init(_ map: InterestMap) {
        stride = map.columns + 1
        var table = [Double](repeating: 0, count: stride * (map.rows + 1))
        for row in 0..<map.rows {
            var line = 0.0
            for column in 0..<map.columns {
                line += Double(map.values[row * map.columns + column])
                table[(row + 1) * stride + column + 1] = table[row * stride + column + 1] + line
            }
        }
        self.table = table
    }

    func sum(_ rect: PixelRect, in map: InterestMap) -> Double {
        let u0 = Double(rect.x) / map.cellWidth, u1 = Double(rect.maxX) / map.cellWidth
        let v0 = Double(rect.y) / map.cellHeight, v1 = Double(rect.maxY) / map.cellHeight
        return at(u1, v1, map) - at(u0, v1, map) - at(u1, v0, map) + at(u0, v0, map)
    }

    /// The table at a point between cell corners (u across, v down, in cells).
    private func at(_ u: Double, _ v: Double, _ map: InterestMap) -> Double {
        let u = min(max(u, 0), Double(map.columns)), v = min(max(v, 0), Double(map.rows))
        let c = min(Int(u), map.columns - 1), r = min(Int(v), map.rows - 1)
        let fu = u - Double(c), fv = v - Double(r)
        func t(_ row: Int, _ column: Int) -> Double { table[row * stride + column] }
        let top = t(r, c) * (1 - fu) + t(r, c + 1) * fu
        let bottom = t(r + 1, c) * (1 - fu) + t(r + 1, c + 1) * fu
        return top * (1 - fv) + bottom * fv
    }
}
