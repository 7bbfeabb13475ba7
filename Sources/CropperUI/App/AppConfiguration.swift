/// What the app state is started with and never changes.
struct AppConfiguration: Equatable {
    /// The shipped sample photo, opened when there is nothing else; never remembered as the user's folder.
    let samplePath: String?
}
