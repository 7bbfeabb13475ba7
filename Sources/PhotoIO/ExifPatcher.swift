import EditorState
import Localization

/// Rewrites an EXIF APP1 segment for a cropped, upright picture, in place:
/// offsets of everything kept stay valid, so MakerNotes keep working.
///
/// - Orientation becomes 1; PixelX/YDimension (and IFD0 ImageWidth/Length when
///   present) become the output size.
/// - The IFD1 thumbnail is unlinked (IFD0's next-IFD offset set to 0) and its
///   bytes are zeroed, so no reader can show the uncropped picture.
/// - With `stripGPS` every GPSInfo entry is removed from IFD0 and the GPS IFDs'
///   bytes are zeroed.
enum ExifPatcher {
    static let headerLength = 6  // "Exif\0\0"

    /// Returns the patched segment, or nil (with a warning) when the EXIF could
    /// not be understood well enough to patch: it is then left out of the output.
    static func patch(_ segment: JPEGSegment, outputSize: PixelSize, stripGPS: Bool) -> (JPEGSegment?, [String]) {
        let payload = Array(segment.payload)
        var tiff = Array(payload.dropFirst(headerLength))
        let (parsed, readWarnings) = ExifReader.read(tiff: tiff)
        guard let exif = parsed else {
            return (nil, readWarnings + [tr("EXIF was malformed and has been left out of the output")])
        }
        if exif.orientation != nil, exif.values[.orientation] == nil {
            return (nil, ["EXIF orientation could not be rewritten; EXIF has been left out of the output"])
        }
        let big = exif.bigEndian

        setNumber(1, at: exif.values[.orientation], in: &tiff, bigEndian: big)
        setNumber(outputSize.width, at: exif.values[.pixelXDimension], in: &tiff, bigEndian: big)
        setNumber(outputSize.height, at: exif.values[.pixelYDimension], in: &tiff, bigEndian: big)
        setNumber(outputSize.width, at: exif.values[.imageWidth], in: &tiff, bigEndian: big)
        setNumber(outputSize.height, at: exif.values[.imageLength], in: &tiff, bigEndian: big)

        // The 8-byte TIFF header is kept even when a hostile IFD1 claims it.
        var kept = [0..<8] + exif.ifd0Regions + exif.subIFDRegions
        if !stripGPS { kept += exif.gpsRegions }

        let reader = ByteReader(tiff, bigEndian: big)
        if let count = reader.u16(exif.ifd0Offset) {
            let nextPointer = exif.ifd0Offset + 2 + 12 * Int(count)
            if reader.contains(offset: nextPointer, length: 4) {
                tiff.writeU32(0, at: nextPointer, bigEndian: big)
            }
        }
        zero(exif.ifd1Regions, in: &tiff, sparing: kept)

        if stripGPS, !exif.gpsEntryIndices.isEmpty {
            zero(exif.gpsRegions, in: &tiff, sparing: kept)
            // Last first, so the earlier indices still name the same entries.
            for index in exif.gpsEntryIndices.sorted(by: >) {
                removeEntry(index, ofIFDAt: exif.ifd0Offset, in: &tiff, bigEndian: big)
            }
        }

        let rebuilt = Array(payload.prefix(headerLength)) + tiff
        return (JPEGSegment(marker: segment.marker, payload: rebuilt), readWarnings)
    }

    /// Writes a SHORT or LONG value; a SHORT too small for the value becomes a LONG
    /// (both fit in the entry's 4-byte value field).
    private static func setNumber(_ value: Int, at location: ExifValueLocation?, in tiff: inout [UInt8],
                                  bigEndian: Bool) {
        guard let location, location.offset >= 8, location.offset + 4 <= tiff.count else { return }
        if location.isLong || value > Int(UInt16.max) {
            tiff.writeU16(4, at: location.offset - 6, bigEndian: bigEndian)
            tiff.writeU32(UInt32(truncatingIfNeeded: value), at: location.offset, bigEndian: bigEndian)
        } else {
            tiff.writeU16(UInt16(value), at: location.offset, bigEndian: bigEndian)
            tiff.writeU16(0, at: location.offset + 2, bigEndian: bigEndian)
        }
    }

    /// Zeroes each region that overlaps nothing kept (a malformed file may make
    /// the thumbnail overlap IFD0; that byte range is then left alone).
    private static func zero(_ regions: [Range<Int>], in tiff: inout [UInt8], sparing kept: [Range<Int>]) {
        for region in regions where region.lowerBound >= 0 && region.upperBound <= tiff.count {
            guard !kept.contains(where: { $0.overlaps(region) }) else { continue }
            for i in region { tiff[i] = 0 }
        }
    }

    /// Deletes entry `index` of an IFD: later entries and the next-IFD pointer
    /// move up 12 bytes, the freed bytes at the end become zero.
    private static func removeEntry(_ index: Int, ofIFDAt offset: Int, in tiff: inout [UInt8], bigEndian: Bool) {
        let reader = ByteReader(tiff, bigEndian: bigEndian)
        guard let count16 = reader.u16(offset), Int(count16) > index else { return }
        let count = Int(count16)
        let tableEnd = offset + 2 + 12 * count
        let hasNext = reader.contains(offset: tableEnd, length: 4)
        let end = tableEnd + (hasNext ? 4 : 0)
        let removed = offset + 2 + 12 * index
        guard end <= tiff.count else { return }
        tiff.replaceSubrange(removed..<end - 12, with: tiff[removed + 12..<end])
        for i in end - 12..<end { tiff[i] = 0 }
        tiff.writeU16(UInt16(count - 1), at: offset, bigEndian: bigEndian)
    }
}
