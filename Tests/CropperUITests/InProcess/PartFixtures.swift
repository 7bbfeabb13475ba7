@testable import CropperUI
import EditorState
import PhotoIO
import PhotoLibrary

/// Parts of an app state for testing a part's rules on its own: a session with `b.jpg` open (1800 × 1200, a box
/// drawn) in a list of three, and the contexts the rules read it through.
enum PartFixtures {
    static let box = PixelRect(x: 100, y: 50, width: 600, height: 400)
    static let library = XDGEnvironment(home: "/tmp/cropper-part-fixtures")

    static func session(box: PixelRect? = box, open path: String = "/p/b.jpg") -> Session {
        var session = Session()
        session.documents = DocumentList(paths: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"],
                                         index: ["/p/a.jpg", "/p/b.jpg", "/p/c.jpg"].firstIndex(of: path) ?? 0)
        var editor = EditorState()
        editor.apply(.resizeView(Size(width: 900, height: 600)))
        _ = session.open(path, editor: editor)
        session.editor.apply(.loadImage(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal))
        if let box { session.editor.apply(.setCrop(box)) }
        return session
    }

    static func batchContext(_ session: Session = session(), settings: Settings = Settings(),
                             gridIsUp: Bool = true) -> BatchContext {
        BatchContext(session: session, settings: settings, gridIsUp: gridIsUp, library: library)
    }

    static func saveContext(_ session: Session = session(), settings: Settings = Settings()) -> SaveContext {
        SaveContext(session: session, settings: settings, library: library)
    }

    static func pending(_ box: PixelRect) -> PendingCrop {
        PendingCrop(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal,
                    edit: CropEdit(crop: box))
    }
}

extension Job {
    /// The save request of a `.save` job.
    var saveRequest: SaveRequest? {
        if case let .save(request, _) = self { return request }
        return nil
    }

    /// The requests of a `.saveBatch` job, and its number.
    var batchRequests: (requests: [SaveRequest], batch: Int)? {
        if case let .saveBatch(requests, batch) = self { return (requests, batch) }
        return nil
    }
}
