extension HEIFContainer {
    /// A file of its own whose primary image is item `id` of this one (a grid's tile, a thumbnail), with that item's
    /// properties and data: libheif 1.15 hands out only top-level images, so a tile is decoded through such a file.
    /// `colour`: a `colr` to give the item when it has none of its own (the grid's, which libheif decodes it with).
    func singleItemFile(_ id: UInt32, in bytes: [UInt8], colour: HEIFProperty? = nil) throws -> [UInt8] {
        guard let item = item(id) else { throw HEIFContainerError.malformed("no item \(id)") }
        var writer = HEIFWriter(fileType: fileType, primaryID: 1)
        var entries = properties(of: id)
        if let colour, !entries.contains(where: { $0.property.type == "colr" }) { entries.append((colour, false)) }
        let associations = entries.map { HEIFContainer.Association(index: writer.property($0.property), essential: $0.essential) }
        writer.items = [.init(info: HEIFContainer.Item(id: 1, type: item.type), data: data(of: item, in: bytes),
                              associations: associations)]
        return try writer.write()
    }
}
