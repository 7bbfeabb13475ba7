/// What the app state is started with and never changes.
struct AppConfiguration: Equatable {
    /// The shipped sample photo, opened when there is nothing else; never remembered as the user's folder.
    let samplePath: String?
}

/// Figures the state log reports that nothing on screen depends on.
struct Diagnostics: Equatable {
    /// How long the last Upright estimate (auto-level is its Level) took off the event loop (the state log's
    /// `upright.ms`).
    var uprightMilliseconds: Double?
}
