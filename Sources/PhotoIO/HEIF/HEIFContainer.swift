/// A HEIF (or AVIF) file's structure as read from its `ftyp` and `meta` boxes: the items, where their data
/// lies in the file, their properties and their references. Nothing is decoded; the coded data stays where it is
/// and is named by ranges of the file's bytes (an `idat` item's as well, since `idat` is part of the file).
struct HEIFContainer: Sendable {
    struct Item: Sendable, Equatable {
        let id: UInt32
        let type: String
        var name: String = ""
        /// The MIME type of a `mime` item (XMP is "application/rdf+xml").
        var contentType: String = ""
        var contentEncoding: String = ""
        var isHidden = false
        /// The item's data as ranges of the file, in order.
        var extents: [Range<Int>] = []
    }

    /// One entry of an item's property list: a 1-based index into `properties`, and whether a reader must
    /// understand it to show the item.
    struct Association: Sendable, Equatable {
        let index: Int
        let essential: Bool
    }

    struct Reference: Sendable, Equatable {
        let type: String
        let from: UInt32
        let to: [UInt32]
    }

    /// The `ftyp` box as it is.
    let fileType: [UInt8]
    let brands: [String]
    let primaryID: UInt32
    let items: [Item]
    /// The `ipco` children, each box whole (header included).
    let properties: [HEIFProperty]
    let associations: [UInt32: [Association]]
    let references: [Reference]

    func item(_ id: UInt32) -> Item? { items.first { $0.id == id } }

    /// The properties of an item, in the order its association lists them.
    func properties(of id: UInt32) -> [(property: HEIFProperty, essential: Bool)] {
        (associations[id] ?? []).compactMap { association in
            guard association.index >= 1, association.index <= properties.count else { return nil }
            return (properties[association.index - 1], association.essential)
        }
    }

    func references(_ type: String, from id: UInt32) -> [UInt32] {
        references.filter { $0.type == type && $0.from == id }.flatMap(\.to)
    }

    /// The items that point at `id` with a reference of `type` (thumbnails, metadata, auxiliary images).
    func referrers(_ type: String, to id: UInt32) -> [UInt32] {
        references.filter { $0.type == type && $0.to.contains(id) }.map(\.from)
    }

    /// The item's bytes, copied out of the file.
    func data(of item: Item, in bytes: [UInt8]) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(item.extents.reduce(0) { $0 + $1.count })
        for extent in item.extents { data += bytes[extent] }
        return data
    }
}

/// One property box from `ipco`, kept whole so that it can be written back byte for byte.
struct HEIFProperty: Sendable, Equatable {
    let type: String
    let box: [UInt8]

    /// The bytes after the 8-byte header.
    var payload: ArraySlice<UInt8> { box.dropFirst(8) }

    init(type: String, box: [UInt8]) {
        self.type = type
        self.box = box
    }

    /// A property read from a file, its header rewritten in the plain 32-bit form: a size of 0 ("to the end of the
    /// enclosing box") or a large size would mean something else once the box is written elsewhere.
    init(box: ISOBox, in bytes: [UInt8]) {
        var writer = BoxWriter()
        writer.box(box.type) { $0.append(bytes[box.payload]) }
        self.init(type: box.type, box: writer.bytes)
    }
}
