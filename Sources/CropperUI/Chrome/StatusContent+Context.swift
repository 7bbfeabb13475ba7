import EditorState
import Localization
import PhotoIO

extension StatusContent {
    /// What the status bar says about the window's photo and edit.
    init(_ context: WindowContext) {
        let editor = context.editor, session = context.session
        let name = session.document.map { PathNames.shown($0.name) } ?? tr("No photo")
        self.init(fileName: session.documents?.position.map { "\($0) · \(name)" } ?? name)
        if let imageSize = editor.imageSize {
            zoom = Self.percent(editor.viewport.zoomScale)
            self.imageSize = tr("Image %1$d × %2$d", imageSize.width, imageSize.height)
            if let crop = editor.crop {
                cropSize = tr("%1$d × %2$d px", crop.width, crop.height)
                cropPosition = tr("at %1$d, %2$d", crop.x, crop.y)
            } else {
                cropSize = tr("No crop · whole image")
            }
        }
        if let saved = editor.losslessRect, let imageSize = editor.imageSize {
            let shown = editor.crop ?? PixelRect(size: imageSize)
            lossless = saved == shown ? tr("lossless")
                : tr("lossless · saves %1$d × %2$d at %3$d, %4$d", saved.width, saved.height, saved.x, saved.y)
        }
        if !editor.straighten.isZero { straighten = tr("straightened %s", LocaleFormat.user.decimals(editor.straighten.description)) }
        if !editor.perspective.isZero {
            let angles = tr("perspective %1$s, %2$s", LocaleFormat.user.decimals(StraightenAngle(tenths: editor.perspective.verticalTenths).description),
                            LocaleFormat.user.decimals(StraightenAngle(tenths: editor.perspective.horizontalTenths).description))
            straighten = [straighten, angles].compactMap { $0 }.joined(separator: "   ")
        }
        if let playback = session.document?.animation?.playback {
            animation = AnimationStatus(frame: playback.frame, frames: playback.frames, playing: playback.isPlaying)
        }
        if context.saving.isSaving {
            activity = context.saving.percent.map { tr("Saving… %d %%", $0) } ?? tr("Saving…")
        } else if session.document?.isLoading == true {
            activity = tr("Loading…")
        } else if let document = session.document, document.showsStandIn
                    || document.full == nil && document.preview.map({ Self.viewOutgrows($0, editor) }) == true {
            // Only while the view shows more than the preview has: at fit the preview is the final picture.
            activity = tr("Preview")
        }
    }

    /// Whether the view is bigger than the preview's pixels, so it waits for the full decode to be sharp.
    static func viewOutgrows(_ preview: DisplayBitmap, _ editor: EditorState) -> Bool {
        let upright = editor.displayOrientation.displayedSize(forStored: PixelSize(width: preview.width,
                                                                                   height: preview.height))
        return editor.viewport.contentFrame.width > Double(upright.width) + 0.5
    }

    static func percent(_ zoom: Double) -> String {
        let value = zoom * 100
        guard value < 10 else { return "\(Int(value.rounded())) %" }
        return LocaleFormat.user.tenths(Int((value * 10).rounded())) + " %"
    }
}
