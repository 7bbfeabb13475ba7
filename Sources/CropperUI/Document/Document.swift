import PhotoIO

/// The photo being edited, as far as the window knows it.
struct Document: Equatable {
    let path: String
    var generation: Int
    /// The photo is being decoded again (for a new display profile): its edits stay.
    var keepsEdits = false
    var preview: DisplayBitmap?
    var full: DisplayBitmap?
    /// The full decode's rows so far, until `full` is in.
    var arriving: ArrivingRows?
    /// The photo's embedded thumbnail, shown until its own pixels are in; never sharp.
    var standIn: DisplayBitmap?
    var loadError: String?
    /// Why the full-resolution decode failed, when it did (the preview is shown).
    var fullDecodeError: String?
    /// What the decoder could not read, in stored rows; nil for an intact photo.
    var damage: Damage? { facts?.damage }
    /// Recorded when its first decode came in.
    var facts: PhotoFacts?
    /// Its preview was decoded ahead, while the photo before it was open.
    var previewWasDecodedAhead = false
    /// The preview was decoded while the window was being set up (EarlyPreviewDecode).
    var previewWasDecodedEarly = false

    var name: String { PathNames.name(of: path) }
    var directory: String { PathNames.folder(of: path) }
    /// The best pixels available: the full decode once it is in, the preview before.
    var bitmap: DisplayBitmap? { full ?? preview ?? standIn }
    /// An animation's playing, nil for a still photo.
    var animation: DocumentAnimation?
    /// Every decode there is, smallest first: the canvas scales from the smallest that is big enough. The stand-in
    /// only until the first decode of the photo itself; an animation's frame on screen once the first is decoded
    /// for playing.
    var displaySources: [DisplayBitmap] {
        if let frame = animation?.onScreen { return [frame] }
        return decodedSources.isEmpty ? [standIn].compactMap { $0 } : decodedSources
    }
    /// The photo's own decodes, smallest first.
    var decodedSources: [DisplayBitmap] { [preview, full].compactMap { $0 } }
    /// Only the embedded thumbnail is in.
    var showsStandIn: Bool { standIn != nil && decodedSources.isEmpty }
    var isLoading: Bool { loadError == nil && bitmap == nil }
    /// The stored rows at full resolution on screen: all once the full decode is in, those arrived before.
    var fullRows: Int { full?.height ?? arriving?.rows ?? 0 }
}

/// What a decode of the open photo brought (`Document.take`).
enum DecodeArrival: Equatable {
    /// The embedded thumbnail, after the photo's own pixels: dropped.
    case staleStandIn
    /// The embedded thumbnail, shown until the photo's own pixels are in; `first` when the editor learns the
    /// photo from it (not while the photo is decoded again with its edits kept).
    case standIn(first: Bool)
    /// The photo's own pixels took the place of its stand-in, under the edits made meanwhile.
    case replacedStandIn
    /// Decoded again for a new display profile: the edits stay.
    case redecoded
    /// The photo's first pixels.
    case first

    /// The state log's name.
    var name: String {
        switch self {
        case .staleStandIn: "staleStandIn"
        case .standIn: "standInShown"
        case .replacedStandIn, .first: "imageLoaded"
        case .redecoded: "imageRedecoded"
        }
    }
}

extension Document {
    /// Keeps a decode of the photo (a preview, the full resolution or the embedded thumbnail) and says what it was.
    mutating func take(_ decoded: DecodedPreview) -> DecodeArrival {
        if decoded.isStandIn {
            guard decodedSources.isEmpty else { return .staleStandIn }
            standIn = decoded.bitmap
            if keepsEdits { return .standIn(first: false) }
            facts = PhotoFacts(decoded)
            return .standIn(first: true)
        }
        if standIn != nil {
            standIn = nil
            facts = PhotoFacts(decoded)
            keep(decoded)
            previewWasDecodedEarly = decoded.decodedEarly
            return .replacedStandIn
        }
        if keepsEdits {
            keepsEdits = false
            full = nil
            arriving = nil
            keep(decoded)
            return .redecoded
        }
        facts = PhotoFacts(decoded)
        keep(decoded)
        previewWasDecodedEarly = decoded.decodedEarly
        return .first
    }

    /// Takes the converted full resolution. A preview that is the same pixels not yet converted (a HEIC's or AVIF's
    /// tiles) is let go, not kept beside it; returned, for the canvas's copies made from it.
    mutating func takeFull(_ bitmap: DisplayBitmap) -> DisplayBitmap? {
        full = bitmap
        arriving = nil
        guard let unconverted = preview, unconverted.width == bitmap.width, unconverted.height == bitmap.height
        else { return nil }
        preview = nil
        return unconverted
    }

    private mutating func keep(_ decoded: DecodedPreview) {
        if decoded.isFullResolution { full = decoded.bitmap } else { preview = decoded.bitmap }
    }
}
