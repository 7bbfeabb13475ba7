/// The structure of a recently-used.xbel file as far as reading and updating it need:
/// every bookmark with its freedesktop metadata, each part with its byte offsets so that an
/// update can splice new text into the original bytes and leave the rest untouched.
struct XBELDocument {
    /// An element's start tag and, unless it is self-closing, where its end tag starts.
    struct Element {
        let tag: XMLScanner.StartTag
        var endTagStart: Int?
        /// The offset just past the element (end tag included), once it is closed.
        var end: Int?

        init(_ tag: XMLScanner.StartTag) {
            self.tag = tag
            end = tag.isSelfClosing ? tag.range.upperBound : nil
        }

        var isClosed: Bool { end != nil }
    }

    struct Bookmark {
        var element: Element
        var href: String? { element.tag.value("href") }
        var mimeType: String?
        var info: Element?
        /// The `<metadata owner="http://freedesktop.org">` inside `info`.
        var metadata: Element?
        var applicationsList: Element?
        var applications: [Element] = []
    }

    var root: Element?
    var bookmarks: [Bookmark] = []
    /// The scanner met damage before the end, or the root was never closed.
    var isDamaged = false

    static let freedesktopOwner = "http://freedesktop.org"
    static let maximumDepth = 64

    private enum Role { case root, bookmark, info, metadata, applications, application, other }

    static func parse(_ bytes: [UInt8]) -> XBELDocument {
        var document = XBELDocument()
        var scanner = XMLScanner(bytes)
        var stack: [(name: String, role: Role)] = []

        while let token = scanner.next() {
            switch token {
            case .start(let tag):
                guard stack.count < maximumDepth else {
                    document.isDamaged = true
                    return document
                }
                let role = document.open(tag, parent: stack.last?.role)
                if document.root == nil {
                    guard role == .root else {
                        document.isDamaged = true
                        return document
                    }
                }
                if tag.isSelfClosing {
                    document.close(role, endTag: tag.range.upperBound..<tag.range.upperBound, selfClosing: true)
                    if stack.isEmpty { return document.finished(scanner) }
                } else {
                    stack.append((tag.name, role))
                }
            case .end(let name, let range):
                guard let top = stack.popLast(), top.name == name else {
                    document.isDamaged = true
                    return document
                }
                document.close(top.role, endTag: range, selfClosing: false)
                if stack.isEmpty { return document.finished(scanner) }
            }
        }
        document.isDamaged = true
        return document
    }

    private func finished(_ scanner: XMLScanner) -> XBELDocument {
        var document = self
        var rest = scanner
        // Only comments and processing instructions may follow the root.
        if rest.next() != nil || rest.isMalformed { document.isDamaged = true }
        return document
    }

    private mutating func open(_ tag: XMLScanner.StartTag, parent: Role?) -> Role {
        let local = tag.localName
        guard let parent else {
            guard tag.name == "xbel" else { return .other }
            root = Element(tag)
            return .root
        }
        let last = bookmarks.count - 1
        switch (parent, local) {
        case (.root, "bookmark"), (.other, "bookmark"):
            guard isOutsideBookmarks else { return .other }
            bookmarks.append(Bookmark(element: Element(tag)))
            return .bookmark
        case (.bookmark, "info"):
            bookmarks[last].info = Element(tag)
            return .info
        case (.info, "metadata"):
            guard tag.value("owner") == XBELDocument.freedesktopOwner else { return .other }
            bookmarks[last].metadata = Element(tag)
            return .metadata
        case (.metadata, "mime-type"):
            bookmarks[last].mimeType = tag.value("type")
            return .other
        case (.metadata, "applications"):
            bookmarks[last].applicationsList = Element(tag)
            return .applications
        case (.applications, "application"):
            bookmarks[last].applications.append(Element(tag))
            return .application
        default:
            return .other
        }
    }

    /// Folders may nest bookmarks, but nothing inside a bookmark is one.
    private var isOutsideBookmarks: Bool { bookmarks.last.map { $0.element.isClosed } ?? true }

    private mutating func close(_ role: Role, endTag: Range<Int>, selfClosing: Bool) {
        func closed(_ element: inout Element) {
            if !selfClosing { element.endTagStart = endTag.lowerBound }
            element.end = endTag.upperBound
        }
        let last = bookmarks.count - 1
        switch role {
        case .root: if root != nil { closed(&root!) }
        case .bookmark: closed(&bookmarks[last].element)
        case .info: if bookmarks[last].info != nil { closed(&bookmarks[last].info!) }
        case .metadata: if bookmarks[last].metadata != nil { closed(&bookmarks[last].metadata!) }
        case .applications:
            if bookmarks[last].applicationsList != nil { closed(&bookmarks[last].applicationsList!) }
        case .application:
            let index = bookmarks[last].applications.count - 1
            closed(&bookmarks[last].applications[index])
        case .other: break
        }
    }
}
