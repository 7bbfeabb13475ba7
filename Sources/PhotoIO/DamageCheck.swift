import EditorState

/// The save rule for damaged photos: a crop within the intact rows saves as usual (with a note);
/// one that reaches the damage is refused unless the user asked for the decoded pixels anyway.
enum DamageCheck {
    /// `blocks`: measure against the intact coded blocks (lossless crops) rather than pixel rows.
    static func check(_ damage: Damage?, source: PhotoSource, stored rect: PixelRect, blocks: Bool,
                      allowed: Bool) throws -> (DamagedRegion?, includesDamage: Bool) {
        guard let damage else { return (nil, false) }
        let region = DamagedRegion(damage, orientation: source.orientation)
        let limit = blocks ? damage.intactBlockRows : damage.intactRows
        let inside = rect.maxY <= limit
        if !inside && !allowed { throw PhotoIOError.reachesDamage(region) }
        return (region, !inside)
    }

    static func notes(_ region: DamagedRegion?, includesDamage: Bool) -> [String] {
        guard let region else { return [] }
        if includesDamage {
            return ["the crop includes the damaged part (\(region.unreadableText)), written as decoded"]
        }
        return ["the source photo is damaged (\(region.unreadableText) unreadable); the crop lies within its intact part"]
    }
}
