import Localization
import PhotoIO
import PhotoLibrary

/// The file dialog drawn in the window, for Open (Ctrl+O) and Save As (Ctrl+Shift+S): the folder shown, its
/// entries as filtered and sorted, the selection, which part has the keys, and the typed fields.
/// Navigation and selection rules live in `FileDialog+Navigation`; drawing in `FileDialogRenderer`.
struct FileDialog: Equatable {
    enum Mode: Equatable {
        case open
        /// Saving the crop of `source` (whose extension a typed name without one takes).
        case save(source: String)

        var name: String {
            switch self {
            case .open: "open"
            case .save: "save"
            }
        }
    }

    enum Focus: String { case list, pathBar, nameField }

    enum SortKey: String, CaseIterable {
        case name, size, date

        var title: String {
            switch self {
            case .name: tr("Name")
            case .size: tr("Size")
            case .date: tr("Modified")
            }
        }
    }

    let mode: Mode
    private(set) var directory: String
    /// Every entry of the folder as listed, hidden and non-image ones included.
    private(set) var listed: [FileEntry] = []
    /// What the list shows: `listed` filtered by the toggles, folders first, sorted.
    private(set) var entries: [FileEntry] = []
    /// Bumped for every listing asked for, so a late answer for a folder already left is ignored.
    private(set) var generation: Int
    private(set) var isListing = true
    private(set) var listingError: String?
    private(set) var sortKey = SortKey.name
    private(set) var ascending = true
    private(set) var showsHidden = false
    private(set) var showsAllFiles = false
    /// Index into `entries`.
    var selection: Int?
    /// Pixels the list is scrolled down by.
    var scrollOffset = 0.0
    var focus: Focus
    var pathField: TextField
    var nameField: TextField
    /// A hint, the candidates of a completion, or what is wrong with the typed path.
    var message: String?
    var isError = false
    var hovered: FileDialogTarget?
    var pressed: FileDialogTarget?
    var typeAhead = TypeAhead()
    /// An entry to select once the listing arrives (the folder just left, the photo open in the editor).
    var pendingSelection: String?

    static let rowHeight = 28.0

    init(mode: Mode, directory: String, selecting name: String? = nil, generation: Int) {
        self.mode = mode
        self.directory = directory
        self.generation = generation
        pendingSelection = name
        pathField = TextField(text: directory)
        switch mode {
        case .open:
            focus = .list
            nameField = TextField()
        case let .save(source):
            focus = .nameField
            nameField = TextField(text: PathNames.name(of: OutputName.cropped(source, format: PhotoFormat(contentsOf: source))))
            nameField.replacesOnType = true
        }
    }

    var title: String {
        switch mode {
        case .open: tr("Open a photo")
        case .save: tr("Save the crop as")
        }
    }

    var selectedEntry: FileEntry? {
        selection.flatMap { entries.indices.contains($0) ? entries[$0] : nil }
    }

    func path(of entry: FileEntry) -> String {
        PathNames.path(entry.name, in: directory)
    }

    // MARK: Listing

    /// Shows `path` (an absolute folder) and returns the generation of the listing to ask for.
    mutating func go(to path: String, selecting name: String? = nil) -> Int {
        generation += 1
        directory = path
        listed = []
        entries = []
        isListing = true
        listingError = nil
        selection = nil
        scrollOffset = 0
        pendingSelection = name
        typeAhead = TypeAhead()
        if focus == .pathBar { focus = mode == .open ? .list : .nameField }
        pathField = TextField(text: path)
        message = nil
        isError = false
        return generation
    }

    /// Takes a listing from the background thread; false when it is for a folder no longer shown.
    mutating func receive(_ listing: DirectoryListing) -> Bool {
        guard listing.generation == generation, listing.path == directory else { return false }
        isListing = false
        switch listing.result {
        case let .success(found):
            listed = found
            listingError = nil
        case let .failure(failure):
            listed = []
            listingError = failure.message
        }
        refilter(keeping: pendingSelection)
        pendingSelection = nil
        return true
    }

    mutating func sort(by key: SortKey) {
        if sortKey == key {
            ascending.toggle()
        } else {
            sortKey = key
            // Names read A→Z; sizes and dates are most useful largest and newest first.
            ascending = key == .name
        }
        refilter(keeping: selectedEntry?.name)
    }

    mutating func toggleHidden() {
        showsHidden.toggle()
        refilter(keeping: selectedEntry?.name)
    }

    mutating func toggleAllFiles() {
        showsAllFiles.toggle()
        refilter(keeping: selectedEntry?.name)
    }

    /// Rebuilds `entries` from `listed`, keeping the entry named `name` selected when it is still shown.
    private mutating func refilter(keeping name: String?) {
        let shown = listed.filter { entry in
            (showsHidden || !entry.isHidden) && (showsAllFiles || entry.isDirectory || entry.isImage)
        }
        let key = sortKey, ascending = ascending
        entries = shown.map { (entry: $0, folded: $0.foldedName) }.sorted { a, b in
            if a.entry.isDirectory != b.entry.isDirectory { return a.entry.isDirectory }
            let order = FileDialog.compare(a.entry, a.folded, b.entry, b.folded, by: key)
            return ascending ? order == .orderedAscending : order == .orderedDescending
        }.map(\.entry)
        selection = name.flatMap { name in entries.firstIndex { $0.name == name } }
    }

    private enum Order { case orderedAscending, orderedSame, orderedDescending }

    private static func compare(_ a: FileEntry, _ aName: String, _ b: FileEntry, _ bName: String, by key: SortKey) -> Order {
        func order<T: Comparable>(_ x: T, _ y: T) -> Order {
            x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
        }
        let byName = aName != bName ? order(aName, bName) : order(a.name, b.name)
        let primary: Order
        switch key {
        case .name: return byName
        case .size: primary = order(a.byteCount ?? -1, b.byteCount ?? -1)
        case .date: primary = order(a.modified ?? Int.min, b.modified ?? Int.min)
        }
        return primary == .orderedSame ? byName : primary
    }
}

/// Typing in the list jumps to the first name starting with what was typed; a pause starts a new search.
struct TypeAhead: Equatable {
    static let pause = 1.0
    private(set) var text = ""
    private var lastTyped = -Double.infinity

    /// What to search for after `typed` at `now`.
    mutating func add(_ typed: String, at now: Double) -> String {
        if now - lastTyped > Self.pause { text = "" }
        lastTyped = now
        text += typed.lowercased()
        return text
    }
}

/// What a pointer can be over in the dialog.
enum FileDialogTarget: Equatable {
    case place(Int)
    case parentButton, pathField, nameField
    case header(FileDialog.SortKey)
    case row(Int)
    case toggleAllFiles, toggleHidden
    case cancelButton, confirmButton
    /// Inside the panel but on nothing that reacts.
    case panel
}

extension FileDialog {
    /// A typed path made absolute: `~` is the home folder, a relative path starts at the folder shown.
    func resolve(_ typed: String) -> String {
        let expanded = PathCompletion.expandTilde(typed)
        return FileURI.canonical(expanded.hasPrefix("/") ? expanded : directory + "/" + expanded)
    }
}
