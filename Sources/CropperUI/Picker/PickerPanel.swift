import Localization
import PhotoIO
import PhotoLibrary

/// A photo in the picker's strip.
struct PickerItem: Equatable {
    let path: String
    /// One of the photos given together (the command line): these come first, before the recent ones.
    let isGiven: Bool

    /// The file name as shown (see `PathNames.shown`).
    var name: String { PathNames.shown(PathNames.name(of: path)) }
}

/// The rows under the strip.
enum PickerAction: CaseIterable {
    case openFile, openMostRecent, close

    var title: String {
        switch self {
        case .openFile: tr("Open…")
        case .openMostRecent: tr("Open most recent")
        case .close: tr("Close")
        }
    }

    var name: String {
        switch self {
        case .openFile: "openFile"
        case .openMostRecent: "openMostRecent"
        case .close: "close"
        }
    }
}

/// What a pointer is over in the picker; nil (outside the sheet) closes it on a click.
enum PickerTarget: Equatable {
    case item(Int)
    case action(PickerAction)
    /// The strip between thumbnails: drags scroll, clicks do nothing.
    case strip
    case sheet

    var name: String {
        switch self {
        case let .item(index): "item:\(index)"
        case let .action(action): "action:\(action.name)"
        case .strip: "strip"
        case .sheet: "sheet"
        }
    }
}

/// A press in the sheet, followed until release: past `dragThreshold` pixels it scrolls the strip instead of
/// clicking what it started on.
struct StripPress: Equatable {
    static let dragThreshold = 6.0
    let x: Double
    let y: Double
    let scrollOffset: Double
    let target: PickerTarget
    var isDragging = false
}

/// The picker: a bottom sheet over the dimmed editor with a strip of photos (the ones given together, then
/// the recent ones, newest first) and action rows. Geometry is `PickerLayout`; drawing `PickerPanelRenderer`.
struct PickerPanel: Equatable {
    private(set) var items: [PickerItem] = []
    private(set) var isLoading = true
    var scrollOffset = 0.0
    var selected: Int?
    var hovered: PickerTarget?
    var press: StripPress?
    let openedAt: Double
    /// Opened because Cropper started without a file: an empty library opens the sample photo instead.
    let isStartup: Bool
    /// Where recent photos come from, for the empty strip: "~/Pictures".
    let picturesLabel: String?

    init(openedAt: Double, isStartup: Bool, picturesLabel: String?) {
        self.openedAt = openedAt
        self.isStartup = isStartup
        self.picturesLabel = picturesLabel
    }

    var emptyMessage: String {
        picturesLabel.map { tr("No recent photos in %s", $0) } ?? tr("No recent photos")
    }

    var recentItems: [PickerItem] { items.filter { !$0.isGiven } }

    var isEmpty: Bool { !isLoading && items.isEmpty }

    /// Replaces the items: `given` first, then the recent photos not among them. The selection stays on the
    /// same photo when it is still there, else on the open photo or the first.
    mutating func setItems(given: [String], recent: [RecentPhoto], current: String?, isFinal: Bool) {
        let selectedPath = selected.flatMap { items.indices.contains($0) ? items[$0].path : nil }
        let givenSet = Set(given)
        items = given.map { PickerItem(path: $0, isGiven: true) }
            + recent.filter { !givenSet.contains($0.path) }.map { PickerItem(path: $0.path, isGiven: false) }
        if isFinal { isLoading = false }
        let keep = selectedPath ?? (given.isEmpty ? nil : current)
        selected = keep.flatMap { path in items.firstIndex { $0.path == path } } ?? (items.isEmpty ? nil : 0)
    }

    func isEnabled(_ action: PickerAction) -> Bool {
        action != .openMostRecent || !recentItems.isEmpty
    }
}
