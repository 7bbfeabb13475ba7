import PhotoLibrary

/// What the panels found and remember this run: the recent photos and places listed, and the folders the file
/// dialog was last left in for opening and for saving.
struct PanelFindings: Equatable {
    /// Nil until the first listing is in.
    var recentPhotos: [RecentPhoto]?
    var places: [Place] = []
    var lastOpenFolder: String?
    var lastSaveFolder: String?
}
