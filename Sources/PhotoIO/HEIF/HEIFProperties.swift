import EditorState

/// The properties whose content matters to a crop, read from and written to their boxes.
enum HEIFProperties {
    /// `ispe`: the coded picture's size.
    static func size(_ property: HEIFProperty) -> PixelSize? {
        guard property.type == "ispe" else { return nil }
        let bytes = Array(property.payload)
        guard bytes.count >= 12 else { return nil }
        return PixelSize(width: Int(BoxBytes.u32(bytes, 4)), height: Int(BoxBytes.u32(bytes, 8)))
    }

    static func ispe(_ size: PixelSize) -> HEIFProperty {
        make { $0.fullBox("ispe", version: 0) { box in box.u32(size.width); box.u32(size.height) } }
    }

    /// `irot`: quarter turns anticlockwise.
    static func quarterTurns(_ property: HEIFProperty) -> Int? {
        guard property.type == "irot", let byte = property.payload.first else { return nil }
        return Int(byte & 3)
    }

    static func irot(quarterTurnsAnticlockwise turns: Int) -> HEIFProperty {
        make { $0.box("irot") { box in box.u8(turns & 3) } }
    }

    /// `imir`: 0 exchanges top and bottom, 1 left and right (see HEIFTransform.mirror).
    static func mirrorAxis(_ property: HEIFProperty) -> Int? {
        guard property.type == "imir", let byte = property.payload.first else { return nil }
        return Int(byte & 1)
    }

    static func imir(axis: Int) -> HEIFProperty { make { $0.box("imir") { box in box.u8(axis & 1) } } }

    /// `clap`: the clean aperture as a pixel rect of a picture of `size`, rounded as libheif rounds it (the left
    /// and top edges to the nearest pixel). Nil when it is malformed or leaves nothing.
    static func cleanAperture(_ property: HEIFProperty, in size: PixelSize) -> PixelRect? {
        guard property.type == "clap" else { return nil }
        let bytes = Array(property.payload)
        guard bytes.count >= 32 else { return nil }
        let value = (0..<8).map { Int64(Int32(bitPattern: BoxBytes.u32(bytes, 4 * $0))) }
        let (widthN, widthD, heightN, heightD) = (value[0], value[1], value[2], value[3])
        let (horizontalN, horizontalD, verticalN, verticalD) = (value[4], value[5], value[6], value[7])
        guard widthD > 0, heightD > 0, horizontalD > 0, verticalD > 0, widthN > 0, heightN > 0 else { return nil }
        let width = Int(widthN / widthD), height = Int(heightN / heightD)
        // The aperture's centre is (size - 1) / 2 + offset; its left edge is that less (width - 1) / 2.
        func edge(_ full: Int, _ cropped: Int, _ n: Int64, _ d: Int64) -> Int {
            let twice = Double(full - cropped) + 2 * Double(n) / Double(d)
            return Int((twice / 2).rounded(.down))
        }
        let rect = PixelRect(x: edge(size.width, width, horizontalN, horizontalD),
                             y: edge(size.height, height, verticalN, verticalD), width: width, height: height)
        guard width > 0, height > 0, rect.isInside(size) else { return nil }
        return rect
    }

    /// A `clap` that cuts `rect` out of a picture of `size`, in halves of a pixel so that it is exact.
    static func clap(_ rect: PixelRect, in size: PixelSize) -> HEIFProperty {
        make {
            $0.box("clap") { box in
                box.u32(rect.width); box.u32(1)
                box.u32(rect.height); box.u32(1)
                box.i32(2 * rect.x + rect.width - size.width); box.u32(2)
                box.i32(2 * rect.y + rect.height - size.height); box.u32(2)
            }
        }
    }

    /// The chroma sampling step of coded data: 2 × 2 for 4:2:0, 2 × 1 for 4:2:2, 1 × 1 for 4:4:4 and monochrome.
    static func chromaStep(_ property: HEIFProperty) -> PixelSize? {
        let bytes = Array(property.payload)
        switch property.type {
        case "hvcC":
            guard bytes.count > 16 else { return nil }
            return step(chromaFormat: Int(bytes[16] & 3))
        case "av1C":
            guard bytes.count > 2 else { return nil }
            let monochrome = bytes[2] & 0x10 != 0
            let x = bytes[2] & 0x08 != 0, y = bytes[2] & 0x04 != 0
            return monochrome ? PixelSize(width: 1, height: 1) : PixelSize(width: x ? 2 : 1, height: y ? 2 : 1)
        default:
            return nil
        }
    }

    private static func step(chromaFormat: Int) -> PixelSize {
        switch chromaFormat {
        case 1: PixelSize(width: 2, height: 2)
        case 2: PixelSize(width: 2, height: 1)
        default: PixelSize(width: 1, height: 1)
        }
    }

    /// `auxC`: what an auxiliary image is (alpha, depth, an HDR gain map), as its URN.
    static func auxiliaryType(_ property: HEIFProperty) -> String? {
        guard property.type == "auxC", property.payload.count > 4 else { return nil }
        let text = property.payload.dropFirst(4).prefix { $0 != 0 }
        return String(decoding: text, as: UTF8.self)
    }

    private static func make(_ body: (inout BoxWriter) -> Void) -> HEIFProperty {
        var writer = BoxWriter()
        body(&writer)
        return HEIFProperty(type: BoxBytes.fourCC(writer.bytes, 4), box: writer.bytes)
    }
}

/// A grid item's data: rows and columns of tiles and the size of the picture they make.
struct HEIFGrid: Sendable, Equatable {
    var rows: Int
    var columns: Int
    var outputSize: PixelSize

    init(rows: Int, columns: Int, outputSize: PixelSize) {
        self.rows = rows
        self.columns = columns
        self.outputSize = outputSize
    }

    init(_ data: [UInt8]) throws {
        var cursor = BoxCursor(data, 0..<data.count, box: "grid")
        guard try cursor.u8() == 0 else { throw HEIFContainerError.unsupported("a grid of an unknown version") }
        let wide = try cursor.u8() & 1 != 0
        rows = try cursor.u8() + 1
        columns = try cursor.u8() + 1
        outputSize = PixelSize(width: try cursor.int(wide ? 4 : 2), height: try cursor.int(wide ? 4 : 2))
    }

    var data: [UInt8] {
        var writer = BoxWriter()
        let wide = outputSize.width > 0xFFFF || outputSize.height > 0xFFFF
        writer.u8(0)
        writer.u8(wide ? 1 : 0)
        writer.u8(rows - 1)
        writer.u8(columns - 1)
        wide ? writer.u32(outputSize.width) : writer.u16(outputSize.width)
        wide ? writer.u32(outputSize.height) : writer.u16(outputSize.height)
        return writer.bytes
    }
}
