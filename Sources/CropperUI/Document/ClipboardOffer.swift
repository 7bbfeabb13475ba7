import Localization

/// Ctrl+C: the crop is offered on the CLIPBOARD and rendered only when a program pastes it (by the platform, on
/// a thread of its own), so offering it reads nothing; whether PNG is offered comes from the photo's recorded
/// facts. These rules say what is offered and what the chrome says of it.
enum ClipboardOffer {
    /// The crop the editor shows of the open photo, at the JPEG quality of the settings; nothing while the photo
    /// is not open or could not be read.
    static func copy(_ session: Session, quality: Int) -> PartAnswer {
        guard let document = session.document, document.loadError == nil,
              let crop = CopiedCrop(document: document, editor: session.editor, quality: quality) else { return PartAnswer() }
        return PartAnswer(jobs: [.offerCrop(crop)])
    }

    /// The offer was taken (the CLIPBOARD is Cropper's), or another program kept it.
    static func offered(_ crop: CopiedCrop, taken: Bool) -> PartAnswer {
        PartAnswer(name: "cropOffered",
                   notice: taken ? tr("Copied the crop (%1$d × %2$d) to the clipboard", crop.size.width, crop.size.height)
                       : tr("Another program kept the clipboard: nothing was copied"))
    }

    /// A program pasted, and the crop could not be rendered for it.
    static func renderFailed(_ reason: String) -> PartAnswer {
        PartAnswer(name: "clipboardRenderFailed", notice: tr("Could not copy the crop: %s", reason))
    }
}
