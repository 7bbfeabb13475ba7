import EditorState
import Localization

/// A photo's damage as the upright picture shows it: the damaged band is at the bottom for
/// most photos, and at the top, left or right once the EXIF orientation turns it.
public struct DamagedRegion: Sendable, Equatable {
    public enum Side: Sendable, Equatable { case top, bottom, left, right }

    public let damage: Damage
    /// The damaged part, in displayed pixels; empty when nothing is damaged.
    public let rect: PixelRect
    /// The intact part, in displayed pixels.
    public let intactRect: PixelRect
    public let side: Side

    public init(_ damage: Damage, orientation: Orientation) {
        self.damage = damage
        let stored = damage.storedSize
        let damaged = PixelRect(x: 0, y: damage.intactRows, width: stored.width,
                                height: stored.height - damage.intactRows)
        let intact = PixelRect(x: 0, y: 0, width: stored.width, height: damage.intactRows)
        rect = orientation.displayedRect(fromStored: damaged, storedSize: stored)
        intactRect = orientation.displayedRect(fromStored: intact, storedSize: stored)
        let (dx, dy) = orientation.displayedStep(dx: 0, dy: 1)
        side = dy > 0 ? .bottom : dy < 0 ? .top : dx > 0 ? .right : .left
    }

    /// Whether a displayed rect lies within the intact part.
    public func isIntact(_ displayed: PixelRect) -> Bool {
        displayed.x >= intactRect.x && displayed.y >= intactRect.y
            && displayed.maxX <= intactRect.maxX && displayed.maxY <= intactRect.maxY
    }

    /// "rows 744–1199" (or columns, for a turned photo), as displayed.
    public var unreadableText: String {
        switch side {
        case .top, .bottom: return tr("rows %1$d–%2$d", rect.y, rect.maxY - 1)
        case .left, .right: return tr("columns %1$d–%2$d", rect.x, rect.maxX - 1)
        }
    }

    /// Where a crop box must go to stay clear of the damage: "above row 744".
    public var moveAdvice: String {
        switch side {
        case .bottom: return tr("above row %d", rect.y)
        case .top: return tr("below row %d", rect.maxY - 1)
        case .right: return tr("left of column %d", rect.x)
        case .left: return tr("right of column %d", rect.maxX - 1)
        }
    }

    /// The banner's words: "This photo ends early: only the top 62 % could be read".
    public var summary: String {
        let percent = damage.intactPercent
        // Whole sentences per side: a language may need its own form of "top" in each.
        switch (damage.kind, percent == 0 ? nil : side) {
        case (.endsEarly, nil): return tr("This photo ends early: none of it could be read intact")
        case (.endsEarly, .bottom): return tr("This photo ends early: only the top %d %% could be read", percent)
        case (.endsEarly, .top): return tr("This photo ends early: only the bottom %d %% could be read", percent)
        case (.endsEarly, .left): return tr("This photo ends early: only the right %d %% could be read", percent)
        case (.endsEarly, .right): return tr("This photo ends early: only the left %d %% could be read", percent)
        case (.corrupt, nil): return tr("This photo is damaged: none of it could be read intact")
        case (.corrupt, .bottom): return tr("This photo is damaged: only the top %d %% could be read intact", percent)
        case (.corrupt, .top): return tr("This photo is damaged: only the bottom %d %% could be read intact", percent)
        case (.corrupt, .left): return tr("This photo is damaged: only the right %d %% could be read intact", percent)
        case (.corrupt, .right): return tr("This photo is damaged: only the left %d %% could be read intact", percent)
        }
    }
}
