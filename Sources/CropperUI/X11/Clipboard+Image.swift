import CX11
import PhotoIO

/// A copied crop is rendered only when a program asks for it: requests wait (the ICCCM lets a requestor wait for
/// its SelectionNotify) while the rendering runs off the event loop, and are answered again when it arrives.
extension Clipboard {
    func wait(_ request: XSelectionRequestEvent, for formats: [PhotoFormat], of offer: SelectionOffer) {
        guard case let .image(crop) = offer else { return refuse(request) }
        waiting.append(request)
        for format in formats where !rendering.contains(format) {
            rendering.insert(format)
            crop.render(as: format, replyTo: pipeForRendering)
        }
    }

    /// A rendering finished: the requests waiting are answered again (each waits on, or is refused, as it needs).
    func receive(_ render: ClipboardRender) {
        guard render.crop == copiedCrop, rendering.contains(render.format) else { return }
        rendering.remove(render.format)
        handoff?.noteActivity()
        if case let .success(bytes) = render.result {
            renderings[render.format] = bytes
        } else {
            renderings[render.format] = .some(nil)
        }
        let answered = waiting
        waiting = []
        answered.forEach(answer)
    }

    func atom(for format: PhotoFormat) -> Atom {
        format == .png ? imagePNG : imageJPEG
    }
}
