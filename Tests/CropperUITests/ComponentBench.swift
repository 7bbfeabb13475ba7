import CropperTestSupport
import CX11
@testable import CropperUI
import EditorState
import Foundation
import PhotoLibrary
@testable import X11Platform

/// A window's worth of context for components, without X: a layout, an editor, a session, a fixed clock.
/// Components are driven with it in-process: input in, effects and state-log fields out.
final class ComponentBench {
    let pipe = WakePipe<BackgroundMessage>()
    let text = TextRenderer()
    let library: XDGEnvironment
    let thumbnails: ThumbnailStore
    let imageCache: DisplayImageCache
    var layout: WindowLayout
    var session = Session()
    var saving = SaveProgress()
    var chrome = WindowChrome()
    var found = PanelFindings()
    var configuration = AppConfiguration(samplePath: nil)
    var settings = Settings()
    var now = 100.0

    /// A 1024×640 window (the default size), with a 1800×1200 photo open unless `photo` is false.
    init(width: Int = 1024, height: Int = 640, scale: Double = 1, photo: Bool = true) {
        library = XDGEnvironment(home: NSTemporaryDirectory() + "cropper-bench-\(UUID().uuidString)")
        thumbnails = ThumbnailStore(environment: library, version: "test", minimumPixels: 192, pipe: pipe)
        imageCache = DisplayImageCache(replyTo: pipe)
        layout = WindowLayout(deviceWidth: width, deviceHeight: height, scale: scale)
        session.editor.apply(.setInterfaceScale(scale))
        session.editor.apply(.resizeView(Size(width: layout.deviceCanvas.width, height: layout.deviceCanvas.height)))
        if photo {
            session.documents = DocumentList("/photos/sea.jpg")
            session.document = Document(path: "/photos/sea.jpg", generation: 1)
            session.editor.apply(.loadImage(storedSize: PixelSize(width: 1800, height: 1200), orientation: .normal))
        }
    }

    var context: WindowContext {
        WindowContext(layout: layout, editor: session.editor, session: session, saving: saving, chrome: chrome, found: found,
                      configuration: configuration, settings: settings, text: text,
                      thumbnails: thumbnails, imageCache: imageCache, library: library, now: now)
    }

    /// Applies the editor actions among `effects`, as the shell would.
    func applyEdits(_ effects: [Effect]) {
        for case let .edit(action) in effects { session.editor.apply(action) }
    }

    static func key(_ symbol: Int32, text: String = "", _ modifiers: Modifiers = []) -> KeyInput {
        KeyInput(level0: UInt(symbol), typed: UInt(symbol), text: text, modifiers: modifiers)
    }

    static func typed(_ character: Character) -> KeyInput {
        let symbol: Int32 = character == "\t" ? XK_Tab : character == "\n" ? XK_Return : Int32(character.asciiValue ?? 0)
        return KeyInput(level0: UInt(symbol), typed: UInt(symbol), text: character.isNewline || character == "\t" ? "" : String(character),
                        modifiers: [])
    }

    static func press(_ x: Double, _ y: Double, button: UInt32 = 1, time: UInt32 = 1000,
                      _ modifiers: Modifiers = []) -> PointerPress {
        PointerPress(button: button, at: WindowPoint(x: x, y: y), time: time, modifiers: modifiers)
    }
}

extension CommandFacts {
    /// A photo open with edits to undo and redo, nothing saving, the window not full screen.
    static let photoOpen = CommandFacts(hasImage: true, canUndo: true, canRedo: true, isDirty: true, isSaving: false,
                                        hasList: true)
}
