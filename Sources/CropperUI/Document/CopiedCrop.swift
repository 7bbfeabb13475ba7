import EditorState
import Foundation
import PhotoIO
import X11Platform

/// What Ctrl+C puts on the CLIPBOARD: a photo's crop with every edit (orientation, turns, straightening), kept
/// as the request, not as pixels. It is rendered at full resolution only when a program asks, as PNG or JPEG.
struct CopiedCrop: Sendable, Equatable {
    let path: String
    let export: CropExport
    /// A CMYK photo has no PNG (PNG has no inks): it is offered as JPEG only.
    let offersPNG: Bool
    /// The crop's size, for the notice.
    let size: PixelSize

    var formats: [PhotoFormat] { offersPNG ? [.png, .jpeg] : [.jpeg] }

    /// The crop the editor shows of the open photo, with every edit; nil without a photo or before it loaded.
    init?(document: Document, editor: EditorState, quality: Int) {
        guard let geometry = editor.exportRequest, let facts = document.facts else { return nil }
        self.init(path: document.path, export: CropExport(geometry, quality: quality), offersPNG: !facts.isCMYK,
                  size: geometry.outputSize)
    }

    init(path: String, export: CropExport, offersPNG: Bool, size: PixelSize) {
        self.path = path
        self.export = export
        self.offersPNG = offersPNG
        self.size = size
    }

    /// The crop as the clipboard offers it: in its formats' MIME types, rendered at full resolution on the
    /// clipboard's thread when a program asks. A rendering that fails says why through the wake-up pipe.
    func offer(replyTo pipe: WakePipe<BackgroundMessage>) -> RenderedOffer {
        RenderedOffer(mimeTypes: formats.map(\.mimeType)) { [self] mimeType in
            guard let format = formats.first(where: { $0.mimeType == mimeType }) else { return nil }
            do {
                return try CropExporter.render(try PhotoSource.open(path: path), export, as: format).bytes
            } catch {
                pipe.post(.clipboardRenderFailed(reason: ImageLoader.describe(error)))
                return nil
            }
        }
    }
}
