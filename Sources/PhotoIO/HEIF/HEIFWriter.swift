/// Writes a HEIF file from items, their data and their properties: `ftyp`, a `meta` box (hdlr, pitm, iinf,
/// iloc, iref, iprp) and one `mdat` holding every item's data one after another. Item data is copied as it is;
/// nothing is decoded or encoded here.
struct HEIFWriter {
    struct Item {
        var info: HEIFContainer.Item
        var data: [UInt8]
        /// Indices into `properties`, 1-based, in order, with the essential flag.
        var associations: [HEIFContainer.Association]
    }

    var fileType: [UInt8]
    var primaryID: UInt32
    var items: [Item] = []
    var properties: [HEIFProperty] = []
    var references: [HEIFContainer.Reference] = []

    /// Adds a property (or finds the identical one already added) and returns its 1-based index.
    mutating func property(_ property: HEIFProperty) -> Int {
        if let index = properties.firstIndex(of: property) { return index + 1 }
        properties.append(property)
        return properties.count
    }

    func write() throws -> [UInt8] {
        let totalData = items.reduce(0) { $0 + $1.data.count }
        let wideIDs = items.contains { $0.info.id > 0xFFFF } || references.contains { $0.to.contains { $0 > 0xFFFF } || $0.from > 0xFFFF }
        guard properties.count <= 0x7FFF else { throw HEIFContainerError.unsupported("more than 32767 properties") }
        guard Set(items.map(\.info.id)).count == items.count else { throw HEIFContainerError.malformed("an item is written twice") }
        // The meta box's size does not depend on the offsets it holds, so it is laid out once to learn where
        // mdat's data begins and once more with the real offsets.
        let draft = meta(dataStart: 0, wideIDs: wideIDs, wideOffsets: totalData > 0xFFFF_0000)
        let mdatHeader = totalData + 8 > 0xFFFF_FFFF ? 16 : 8
        let dataStart = fileType.count + draft.count + mdatHeader
        var file = fileType
        file += meta(dataStart: dataStart, wideIDs: wideIDs, wideOffsets: dataStart + totalData > 0xFFFF_FFFF)
        var mdat = BoxWriter()
        if mdatHeader == 16 {
            mdat.u32(1)
            mdat.fourCC("mdat")
            mdat.uint(UInt64(totalData + 16), size: 8)
        } else {
            mdat.u32(totalData + 8)
            mdat.fourCC("mdat")
        }
        file += mdat.bytes
        file.reserveCapacity(file.count + totalData)
        for item in items { file += item.data }
        return file
    }

    private func meta(dataStart: Int, wideIDs: Bool, wideOffsets: Bool) -> [UInt8] {
        var writer = BoxWriter()
        writer.fullBox("meta", version: 0) { meta in
            meta.fullBox("hdlr", version: 0) { hdlr in
                hdlr.u32(0)
                hdlr.fourCC("pict")
                for _ in 0..<3 { hdlr.u32(0) }
                hdlr.cString("")
            }
            meta.fullBox("pitm", version: wideIDs ? 1 : 0) { pitm in
                wideIDs ? pitm.u32(Int(primaryID)) : pitm.u16(Int(primaryID))
            }
            meta.fullBox("iinf", version: items.count > 0xFFFF ? 1 : 0) { iinf in
                items.count > 0xFFFF ? iinf.u32(items.count) : iinf.u16(items.count)
                for item in items { Self.infe(item.info, wide: wideIDs, into: &iinf) }
            }
            iloc(dataStart: dataStart, wideIDs: wideIDs, wideOffsets: wideOffsets, into: &meta)
            if !references.isEmpty {
                meta.fullBox("iref", version: wideIDs ? 1 : 0) { iref in
                    for reference in references {
                        iref.box(reference.type) { entry in
                            wideIDs ? entry.u32(Int(reference.from)) : entry.u16(Int(reference.from))
                            entry.u16(reference.to.count)
                            for id in reference.to { wideIDs ? entry.u32(Int(id)) : entry.u16(Int(id)) }
                        }
                    }
                }
            }
            meta.box("iprp") { iprp in
                iprp.box("ipco") { ipco in
                    for property in properties { ipco.append(property.box) }
                }
                let wideIndices = properties.count > 0x7F
                iprp.fullBox("ipma", version: wideIDs ? 1 : 0, flags: wideIndices ? 1 : 0) { ipma in
                    let listed = items.filter { !$0.associations.isEmpty }
                    ipma.u32(listed.count)
                    for item in listed {
                        wideIDs ? ipma.u32(Int(item.info.id)) : ipma.u16(Int(item.info.id))
                        ipma.u8(item.associations.count)
                        for association in item.associations {
                            if wideIndices {
                                ipma.u16(association.index | (association.essential ? 0x8000 : 0))
                            } else {
                                ipma.u8(association.index | (association.essential ? 0x80 : 0))
                            }
                        }
                    }
                }
            }
        }
        return writer.bytes
    }

    private static func infe(_ item: HEIFContainer.Item, wide: Bool, into writer: inout BoxWriter) {
        writer.fullBox("infe", version: wide ? 3 : 2, flags: item.isHidden ? 1 : 0) { infe in
            wide ? infe.u32(Int(item.id)) : infe.u16(Int(item.id))
            infe.u16(0)
            infe.fourCC(item.type)
            infe.cString(item.name)
            if item.type == "mime" {
                infe.cString(item.contentType)
                if !item.contentEncoding.isEmpty { infe.cString(item.contentEncoding) }
            }
        }
    }

    private func iloc(dataStart: Int, wideIDs: Bool, wideOffsets: Bool, into writer: inout BoxWriter) {
        let offsetSize = wideOffsets ? 8 : 4
        writer.fullBox("iloc", version: wideIDs ? 2 : 0) { iloc in
            iloc.u16(offsetSize << 12 | offsetSize << 8)
            wideIDs ? iloc.u32(items.count) : iloc.u16(items.count)
            var offset = dataStart
            for item in items {
                wideIDs ? iloc.u32(Int(item.info.id)) : iloc.u16(Int(item.info.id))
                if wideIDs { iloc.u16(0) }  // construction method 0: the data is in this file
                iloc.u16(0)
                // A single extent of length 0 would mean "to the end of the file": an empty item has none.
                iloc.u16(item.data.isEmpty ? 0 : 1)
                if !item.data.isEmpty {
                    iloc.uint(UInt64(offset), size: offsetSize)
                    iloc.uint(UInt64(item.data.count), size: offsetSize)
                }
                offset += item.data.count
            }
        }
    }
}
