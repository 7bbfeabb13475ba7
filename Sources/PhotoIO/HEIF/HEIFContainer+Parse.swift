extension HEIFContainer {
    /// Reads the file's `ftyp` and `meta`. Hostile sizes, counts and offsets throw HEIFContainerError; item
    /// extents are checked to lie inside the file.
    static func parse(_ bytes: [UInt8]) throws -> HEIFContainer {
        let top = try ISOBox.children(of: bytes, in: 0..<bytes.count)
        guard let ftyp = top.first, ftyp.type == "ftyp", ftyp.payload.count >= 8 else {
            throw HEIFContainerError.malformed("the file does not start with an ftyp box")
        }
        var brands = [BoxBytes.fourCC(bytes, ftyp.payload.lowerBound)]
        for offset in stride(from: ftyp.payload.lowerBound + 8, to: ftyp.payload.upperBound - 3, by: 4) {
            brands.append(BoxBytes.fourCC(bytes, offset))
        }
        guard let meta = top.first(where: { $0.type == "meta" }) else { throw HEIFContainerError.malformed("no meta box") }
        let children = try ISOBox.children(of: bytes, in: try meta.fullBox(bytes).body)
        func child(_ type: String) -> ISOBox? { children.first { $0.type == type } }

        guard let hdlr = child("hdlr") else { throw HEIFContainerError.malformed("no hdlr box") }
        var handler = BoxCursor(bytes, try hdlr.fullBox(bytes).body, box: "hdlr")
        _ = try handler.u32()
        guard try handler.fourCC() == "pict" else { throw HEIFContainerError.unsupported("the file holds no picture (its handler is not pict)") }

        guard let pitm = child("pitm") else { throw HEIFContainerError.malformed("no primary item (pitm)") }
        let primaryBox = try pitm.fullBox(bytes)
        var primaryCursor = BoxCursor(bytes, primaryBox.body, box: "pitm")
        let primaryID = UInt32(try primaryCursor.int(primaryBox.version == 0 ? 2 : 4))

        var items = try child("iinf").map { try parseItemInfo(bytes, $0) } ?? []
        let idat = child("idat")?.payload
        if let iloc = child("iloc") {
            let locations = try parseLocations(bytes, iloc, idat: idat)
            for index in items.indices { items[index].extents = locations[items[index].id] ?? [] }
        }
        let references = try child("iref").map { try parseReferences(bytes, $0) } ?? []
        var properties: [HEIFProperty] = []
        var associations: [UInt32: [Association]] = [:]
        if let iprp = child("iprp") {
            let parts = try ISOBox.children(of: bytes, in: iprp.payload)
            if let ipco = parts.first(where: { $0.type == "ipco" }) {
                properties = try ISOBox.children(of: bytes, in: ipco.payload).map { HEIFProperty(box: $0, in: bytes) }
            }
            for ipma in parts where ipma.type == "ipma" {
                try parseAssociations(bytes, ipma, into: &associations)
            }
        }
        guard items.contains(where: { $0.id == primaryID }) else {
            throw HEIFContainerError.malformed("the primary item \(primaryID) is not listed")
        }
        return HEIFContainer(fileType: Array(bytes[ftyp.range]), brands: brands, primaryID: primaryID, items: items,
                             properties: properties, associations: associations, references: references)
    }

    private static func parseItemInfo(_ bytes: [UInt8], _ iinf: ISOBox) throws -> [Item] {
        let (version, _, body) = try iinf.fullBox(bytes)
        var cursor = BoxCursor(bytes, body, box: "iinf")
        _ = try cursor.int(version == 0 ? 2 : 4)
        var items: [Item] = []
        for infe in try ISOBox.children(of: bytes, in: cursor.position..<body.upperBound) where infe.type == "infe" {
            let (version, flags, body) = try infe.fullBox(bytes)
            guard version >= 2 else { continue }  // versions 0 and 1 describe files, not images
            var entry = BoxCursor(bytes, body, box: "infe")
            let id = UInt32(try entry.int(version == 2 ? 2 : 4))
            _ = try entry.u16()
            var item = Item(id: id, type: try entry.fourCC())
            item.name = entry.cString()
            if item.type == "mime" {
                item.contentType = entry.cString()
                if entry.remaining > 0 { item.contentEncoding = entry.cString() }
            }
            item.isHidden = flags & 1 != 0
            guard !items.contains(where: { $0.id == id }) else { throw HEIFContainerError.malformed("item \(id) is listed twice") }
            items.append(item)
        }
        return items
    }

    private static func parseLocations(_ bytes: [UInt8], _ iloc: ISOBox, idat: Range<Int>?) throws -> [UInt32: [Range<Int>]] {
        let (version, _, body) = try iloc.fullBox(bytes)
        guard version <= 2 else { throw HEIFContainerError.unsupported("iloc version \(version)") }
        var cursor = BoxCursor(bytes, body, box: "iloc")
        let sizes = try cursor.u16()
        let offsetSize = sizes >> 12, lengthSize = (sizes >> 8) & 0xF, baseOffsetSize = (sizes >> 4) & 0xF
        let indexSize = version >= 1 ? sizes & 0xF : 0
        for size in [offsetSize, lengthSize, baseOffsetSize, indexSize] where ![0, 4, 8].contains(size) {
            throw HEIFContainerError.malformed("iloc field size \(size)")
        }
        let count = try cursor.int(version < 2 ? 2 : 4)
        var locations: [UInt32: [Range<Int>]] = [:]
        for _ in 0..<count {
            let id = UInt32(try cursor.int(version < 2 ? 2 : 4))
            let method = version >= 1 ? try cursor.u16() & 0xF : 0
            guard try cursor.u16() == 0 else { throw HEIFContainerError.unsupported("item \(id)'s data lies in another file") }
            let base = try cursor.int(baseOffsetSize)
            let extentCount = try cursor.u16()
            var extents: [Range<Int>] = []
            for _ in 0..<extentCount {
                if indexSize > 0 { _ = try cursor.int(indexSize) }
                let offset = try cursor.int(offsetSize), length = try cursor.int(lengthSize)
                let (start, limit): (Int, Int)
                switch method {
                case 0:
                    guard offset <= Int.max - base else { throw HEIFContainerError.malformed("item \(id)'s offset overflows") }
                    (start, limit) = (base + offset, bytes.count)
                case 1:
                    guard let idat else { throw HEIFContainerError.malformed("item \(id) lies in a missing idat box") }
                    guard base <= idat.count, offset <= idat.count - base else {
                        throw HEIFContainerError.malformed("item \(id) lies outside the idat box")
                    }
                    (start, limit) = (idat.lowerBound + base + offset, idat.upperBound)
                default:
                    throw HEIFContainerError.unsupported("item \(id) is built from other items' data (construction method \(method))")
                }
                let size = length == 0 && extentCount == 1 ? limit - start : length
                guard start >= 0, start <= limit, size <= limit - start else {
                    throw HEIFContainerError.malformed("item \(id)'s data lies outside the file")
                }
                extents.append(start..<start + size)
            }
            locations[id] = extents
        }
        return locations
    }

    private static func parseReferences(_ bytes: [UInt8], _ iref: ISOBox) throws -> [Reference] {
        let (version, _, body) = try iref.fullBox(bytes)
        let idSize = version == 0 ? 2 : 4
        return try ISOBox.children(of: bytes, in: body).map { box in
            var cursor = BoxCursor(bytes, box.payload, box: "iref")
            let from = UInt32(try cursor.int(idSize))
            let count = try cursor.u16()
            guard count * idSize <= cursor.remaining else { throw HEIFContainerError.malformed("a \(box.type) reference ends early") }
            return Reference(type: box.type, from: from, to: try (0..<count).map { _ in UInt32(try cursor.int(idSize)) })
        }
    }

    private static func parseAssociations(_ bytes: [UInt8], _ ipma: ISOBox,
                                          into associations: inout [UInt32: [Association]]) throws {
        let (version, flags, body) = try ipma.fullBox(bytes)
        var cursor = BoxCursor(bytes, body, box: "ipma")
        let count = Int(try cursor.u32())
        guard count <= cursor.remaining else { throw HEIFContainerError.malformed("ipma counts more items than it holds") }
        for _ in 0..<count {
            let id = UInt32(try cursor.int(version < 1 ? 2 : 4))
            let n = try cursor.u8()
            var list = associations[id] ?? []
            for _ in 0..<n {
                if flags & 1 != 0 {
                    let value = try cursor.u16()
                    list.append(Association(index: value & 0x7FFF, essential: value & 0x8000 != 0))
                } else {
                    let value = try cursor.u8()
                    list.append(Association(index: value & 0x7F, essential: value & 0x80 != 0))
                }
            }
            associations[id] = list
        }
    }
}
