import CFormatLibraries
import Localization

/// libheif, libwebp, libtiff and libjxl are loaded when a photo first needs them (CFormatLibraries), not at every start.
/// Each codec's way in asks here first, so a library missing from the system is one clear line, not a crash.
enum FormatLibrary {
    static func require(for format: PhotoFormat) throws {
        let libraries: [cropper_format_library] = switch format {
        case .jpeg, .png, .apng: []
        case .heic, .avif: [CROPPER_HEIF]
        case .webp: [CROPPER_WEBP, CROPPER_WEBP_DEMUX, CROPPER_WEBP_MUX]
        case .tiff: [CROPPER_TIFF]
        case .jxl: [CROPPER_JXL, CROPPER_JXL_THREADS]
        case .gif: [CROPPER_GIF]
        }
        for library in libraries {
            if let failure = cropper_load_format_library(library) {
                throw PhotoIOError.unsupported(tr("%s photos (%s)", format.rawValue, String(cString: failure)))
            }
        }
    }
}

/// The libraries a decode will need, loaded ahead: the window calls this on a thread of its own while the photo's
/// file is read, so that the decode finds them loaded (libavcodec costs some 20 ms of CPU to load, libheif 5).
public enum DecoderLibraries {
    public static func load(for format: PhotoFormat) {
        if format == .heic, AVCodecHEVC.isAvailable { return }
        try? FormatLibrary.require(for: format)
    }
}
