import EditorState
import PhotoIO

/// The photos of this run, the app state's document part: the list, the open photo and its edit, and the
/// generation that tells late results for an earlier photo apart. Its rules are its own mutating methods;
/// `AppState` routes events to them and turns what they answer into jobs and words.
struct Session: Equatable {
    var editor = EditorState()
    /// The photos given together, or the open photo's folder, and which one is open; nil before any photo was asked for.
    /// Keeps a folder list following its folder.
    var documents: DocumentList?
    var document: Document?
    /// Bumped for every photo opened, so late results for an earlier one are ignored.
    var generation = 0

    /// The photos given together that lead the picker's strip; empty while there is only one, or for a folder.
    var givenPhotos: [String] {
        guard let documents, documents.count > 1, !documents.isFolder else { return [] }
        return documents.paths
    }

    /// Whether a result of `generation` is for the photo open now.
    func isCurrent(_ generation: Int) -> Bool { generation == document?.generation }

    /// Everything but the editor is the same (a frame compares the editor on its own).
    func matches(_ other: Session) -> Bool {
        var same = other
        same.editor = editor
        return same == self
    }

    /// A photo starts opening with `editor` (fresh, fitted to the window): its generation.
    mutating func open(_ path: String, editor: EditorState) -> Int {
        generation += 1
        document = Document(path: path, generation: generation)
        self.editor = editor
        return generation
    }

    /// The open photo is decoded again (a new display profile) under a new generation, its edits kept; nil when
    /// there are no pixels to decode again.
    mutating func redecode() -> Document? {
        guard document != nil, document?.loadError == nil else { return nil }
        generation += 1
        document?.generation = generation
        document?.keepsEdits = true
        return document
    }

    /// A fresh listing of the list's folder: the list follows it; the open photo keeps its place.
    mutating func follow(_ folder: String, photos: [String]?) -> FolderFollowing {
        guard let list = documents, list.folder == folder else { return .stale }
        guard let photos else { return .unreadable }
        let followed = list.following(photos)
        documents = followed
        if followed.currentIsGone && !list.currentIsGone { return .currentGone(followed.current) }
        if list.currentIsGone && !followed.currentIsGone { return .currentBack }
        return .followed
    }
}

/// What following a folder's listing did to the list.
enum FolderFollowing: Equatable {
    /// Not the list's folder (any more).
    case stale
    case unreadable
    case followed
    /// The open photo left the folder (deleted or moved by another program).
    case currentGone(String)
    /// The open photo, gone before, is back.
    case currentBack

    /// The state log's name.
    var name: String {
        switch self {
        case .stale: "staleFolder"
        case .unreadable: "folderUnreadable"
        case .followed, .currentBack: "folderListed"
        case .currentGone: "currentPhotoGone"
        }
    }
}
