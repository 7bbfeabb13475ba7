import EditorState

/// The frame header (SOFn) of a JPEG: size, components and their sampling.
public struct JPEGFrame: Equatable, Sendable {
    public struct Component: Equatable, Sendable {
        public let id: UInt8
        public let horizontalSampling: Int
        public let verticalSampling: Int
    }

    public let marker: UInt8
    public let precision: Int
    public let width: Int
    public let height: Int
    public let components: [Component]

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var isProgressive: Bool { [0xC2, 0xC6, 0xCA, 0xCE].contains(marker) }
    var isArithmetic: Bool { marker >= 0xC9 && marker != 0xCC }
    var isLosslessCoding: Bool { [0xC3, 0xC7, 0xCB, 0xCF].contains(marker) }
    /// Four components: CMYK, or YCCK that libjpeg turns into CMYK.
    public var isCMYK: Bool { components.count == 4 }
    var codingName: String { isProgressive ? "progressive" : "baseline" }

    init(marker: UInt8, precision: Int, width: Int, height: Int, components: [Component]) {
        self.marker = marker
        self.precision = precision
        self.width = width
        self.height = height
        self.components = components
    }

    static func isStartOfFrame(_ marker: UInt8) -> Bool {
        marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
    }

    init(segment: JPEGSegment) throws {
        let p = Array(segment.payload)
        guard p.count >= 6 else { throw PhotoIOError.corrupt("frame header too short") }
        marker = segment.marker
        precision = Int(p[0])
        height = Int(p[1]) << 8 | Int(p[2])
        width = Int(p[3]) << 8 | Int(p[4])
        let count = Int(p[5])
        guard count >= 1, p.count >= 6 + 3 * count else { throw PhotoIOError.corrupt("frame header with \(count) components") }
        var components: [Component] = []
        for i in 0..<count {
            let sampling = p[7 + 3 * i]
            let h = Int(sampling >> 4), v = Int(sampling & 0x0F)
            guard (1...4).contains(h), (1...4).contains(v) else {
                throw PhotoIOError.corrupt("sampling factors \(h)x\(v)")
            }
            components.append(Component(id: p[6 + 3 * i], horizontalSampling: h, verticalSampling: v))
        }
        self.components = components
        if width == 0 || height == 0 {
            throw PhotoIOError.unsupported("a JPEG that declares its size as \(width)x\(height)")
        }
    }

    /// Pixels covered by one iMCU, the unit of lossless cropping. A single
    /// component is coded block by block, whatever its sampling factors say.
    public var iMCUSize: PixelSize {
        guard components.count > 1 else { return PixelSize(width: 8, height: 8) }
        let h = components.map(\.horizontalSampling).max() ?? 1
        let v = components.map(\.verticalSampling).max() ?? 1
        return PixelSize(width: 8 * h, height: 8 * v)
    }

    public var subsampling: ChromaSubsampling {
        guard components.count == 3 || components.count == 4 else { return components.count == 1 ? .grey : .other }
        let luma = components[0]
        // In CMYK/YCCK the fourth component (K) is sampled like the first.
        if components.count == 4 && (components[3].horizontalSampling != luma.horizontalSampling
                                     || components[3].verticalSampling != luma.verticalSampling) {
            return .other
        }
        let chroma = components[1...2]
        guard let first = chroma.first,
              chroma.allSatisfy({ $0.horizontalSampling == first.horizontalSampling
                                  && $0.verticalSampling == first.verticalSampling }),
              luma.horizontalSampling % first.horizontalSampling == 0,
              luma.verticalSampling % first.verticalSampling == 0
        else { return .other }
        switch (luma.horizontalSampling / first.horizontalSampling, luma.verticalSampling / first.verticalSampling) {
        case (1, 1): return .s444
        case (2, 1): return .s422
        case (2, 2): return .s420
        case (1, 2): return .s440
        case (4, 1): return .s411
        default: return .other
        }
    }
}

/// Chroma subsampling by the ratio of luma to chroma sampling factors.
public enum ChromaSubsampling: String, Sendable, CaseIterable {
    case s444 = "4:4:4"
    case s422 = "4:2:2"
    case s420 = "4:2:0"
    case s440 = "4:4:0"
    case s411 = "4:1:1"
    case grey = "grey"
    case other = "other"

    public var name: String { rawValue }

    /// The same chroma resolution after the picture is turned a quarter turn.
    public var transposed: ChromaSubsampling {
        switch self {
        case .s422: return .s440
        case .s440: return .s422
        default: return self
        }
    }
}
