import CCairo
import Localization
import PhotoIO
import PhotoLibrary

/// A folder offered in the dialog's places column.
struct Place: Equatable, Sendable {
    enum Kind: Sendable { case home, pictures, desktop, downloads, documents, bookmark, root }

    let title: String
    let path: String
    let kind: Kind
    /// Drawn with a rule above it: the first bookmark and the root start groups of their own.
    var startsGroup = false
}

/// The places column: Home, the XDG user folders that exist, GTK's bookmarks, and the root.
enum PlacesColumn {
    static let rowHeight = 32.0

    /// Reads user-dirs.dirs and GTK's bookmarks and checks which folders exist: run it off the event loop.
    static func load(environment: XDGEnvironment) -> [Place] {
        var places = [Place(title: tr("Home"), path: environment.home, kind: .home)]
        let folders: [(String, String, Place.Kind)] = [
            ("PICTURES", "Pictures", .pictures), ("DESKTOP", "Desktop", .desktop),
            ("DOWNLOAD", "Downloads", .downloads), ("DOCUMENTS", "Documents", .documents),
        ]
        for (key, fallback, kind) in folders {
            guard let path = UserDirectories.directory(named: key, fallback: fallback, in: environment),
                  Folder.isFolder(path), !places.contains(where: { $0.path == path }) else { continue }
            let name = PathNames.shown(PathNames.name(of: path))
            places.append(Place(title: name, path: path, kind: kind))
        }
        var first = true
        for bookmark in GTKBookmarks.load(environment: environment) where Folder.isFolder(bookmark.path) {
            places.append(Place(title: bookmark.title, path: bookmark.path, kind: .bookmark, startsGroup: first))
            first = false
        }
        places.append(Place(title: tr("Computer"), path: "/", kind: .root, startsGroup: true))
        return places
    }

    /// Row frames inside `area`, group rules taking 9 pixels each.
    static func frames(of places: [Place], in area: LayoutRect) -> [LayoutRect] {
        var y = area.y
        return places.map { place in
            if place.startsGroup { y += 9 }
            defer { y += rowHeight }
            return LayoutRect(x: area.x, y: y, width: area.width, height: rowHeight)
        }
    }

    static func draw(_ places: [Place], in area: LayoutRect, current: String, hovered: Int?, text: TextRenderer,
                     on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_rectangle(cr, area.x, area.y, area.width, area.height)
        cairo_clip(cr)
        for (index, (place, frame)) in zip(places, frames(of: places, in: area)).enumerated() {
            if place.startsGroup {
                Theme.separator.set(on: cr)
                cairo_rectangle(cr, frame.x + 10, frame.y - 5, frame.width - 20, 1)
                cairo_fill(cr)
            }
            let isCurrent = place.path == current
            if isCurrent || index == hovered {
                (isCurrent ? Theme.accent.withAlpha(0.28) : Theme.hover).set(on: cr)
                Shapes.roundedRect(frame, radius: Theme.cornerRadius, on: cr)
                cairo_fill(cr)
            }
            (isCurrent ? Theme.accentHover : Theme.secondaryText).set(on: cr)
            Icons.draw(icon(for: place.kind), at: frame.x + 10, (frame.midY - 10).rounded(), on: cr)
            text.draw(place.title, font: isCurrent ? Theme.boldFont : Theme.bodyFont, color: Theme.text,
                      in: LayoutRect(x: frame.x + 38, y: frame.y, width: frame.width - 46, height: frame.height), on: cr)
        }
        cairo_restore(cr)
    }

    static func icon(for kind: Place.Kind) -> Icon {
        switch kind {
        case .home: .home
        case .pictures: .pictures
        case .desktop: .desktop
        case .downloads: .downloads
        case .documents: .documents
        case .bookmark: .bookmark
        case .root: .drive
        }
    }
}
