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
