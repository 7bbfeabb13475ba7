import EditorState
import Foundation
import PhotoIO

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

    /// The crop the editor shows of the photo at `path`, with every edit; nil without a photo.
    init?(path: String, editor: EditorState, quality: Int) {
        guard let geometry = editor.exportRequest else { return nil }
        let cmyk = (try? PhotoSource.open(path: path).pixelLayout).map { $0 != .bgra } ?? false
        self.init(path: path, export: CropExport(geometry, quality: quality), offersPNG: !cmyk, size: geometry.outputSize)
    }

    init(path: String, export: CropExport, offersPNG: Bool, size: PixelSize) {
        self.path = path
        self.export = export
        self.offersPNG = offersPNG
        self.size = size
    }

    /// Renders the crop on a background thread and posts the bytes (or why not) through the wake-up pipe.
    func render(as format: PhotoFormat, replyTo pipe: WakePipe<BackgroundMessage>) {
        let thread = Thread { [self] in
            let result: Result<[UInt8], ClipboardRenderFailure>
            do {
                let source = try PhotoSource.open(path: path)
                result = .success(try CropExporter.render(source, export, as: format).bytes)
            } catch {
                result = .failure(ClipboardRenderFailure(reason: ImageLoader.describe(error)))
            }
            pipe.post(.clipboardRendered(ClipboardRender(crop: self, format: format, result: result)))
        }
        thread.name = "cropper.clipboard"
        thread.start()
    }
}

struct ClipboardRenderFailure: Error, Sendable {
    let reason: String
}

/// A finished rendering of a copied crop.
struct ClipboardRender: Sendable {
    let crop: CopiedCrop
    let format: PhotoFormat
    let result: Result<[UInt8], ClipboardRenderFailure>
}
