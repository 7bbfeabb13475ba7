import EditorState
import Localization

/// What to do with the source's metadata when writing a cropped JPEG.
struct MetadataPolicy: Sendable {
    var outputSize: PixelSize
    var stripGPS = false
    var stripMetadata = false
}

/// Chooses and rewrites the source's APPn/COM segments for the output, in
/// their original order. EXIF and XMP are patched (see ExifPatcher, XMPPatcher);
/// every other metadata segment (ICC chunks, IPTC, comments, vendor APPn) is
/// copied byte for byte. Left out: segments that describe the source's coding
/// or point at data that is not carried over (Adobe APP14, JFXX thumbnails,
/// the MPF index of images appended after EOI).
enum OutputMetadata {
    static let mpf: [UInt8] = "MPF\0".asciiBytes

    static func segments(from source: [JPEGSegment], policy: MetadataPolicy) -> ([JPEGSegment], [String]) {
        var kept: [JPEGSegment] = []
        var warnings: [String] = []
        for segment in source where segment.isMetadata {
            if segment.isJFIF {
                kept.append(withoutJFIFThumbnail(segment))
                continue
            }
            if policy.stripMetadata || segment.isAdobeTransform || segment.isJFXX { continue }
            if segment.marker == 0xE2 && segment.payloadHasPrefix(mpf) {
                warnings.append(tr("the MPF index of extra images was left out; those images are not copied"))
                continue
            }
            if segment.isExif {
                let (patched, notes) = ExifPatcher.patch(segment, outputSize: policy.outputSize,
                                                         stripGPS: policy.stripGPS)
                warnings += notes
                if let patched { kept.append(patched) }
            } else if segment.isXMP {
                let (patched, notes) = XMPPatcher.patch(segment, outputSize: policy.outputSize,
                                                        stripGPS: policy.stripGPS)
                warnings += notes
                kept.append(patched)
            } else {
                kept.append(segment)
            }
        }
        return (kept, warnings)
    }

    /// JFIF APP0 may embed an uncompressed thumbnail; keep the header, drop the pixels.
    private static func withoutJFIFThumbnail(_ segment: JPEGSegment) -> JPEGSegment {
        let payload = Array(segment.payload)
        guard payload.count > 14 else { return segment }
        var header = Array(payload.prefix(14))
        header[12] = 0
        header[13] = 0
        return JPEGSegment(marker: segment.marker, payload: header) ?? segment
    }
}
