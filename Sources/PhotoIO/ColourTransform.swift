import CLCMS2
import Dispatch
import Glibc
import Synchronization

/// The display's colour profile: the bytes of the X root window's `_ICC_PROFILE`, or sRGB without one.
public struct DisplayProfile: Sendable, Hashable {
    public let data: [UInt8]?

    public static let sRGB = DisplayProfile(data: nil)

    public init(data: [UInt8]?) {
        self.data = data.flatMap { $0.count >= 132 ? $0 : nil }
    }

    public var isSRGB: Bool { data == nil }

    /// "sRGB", or the profile's description.
    public var name: String { data.map { ICCProfile(data: $0).description ?? "ICC profile" } ?? "sRGB" }

    /// A display profile that is sRGB in all but its bytes (colord sets one): photos are shown as for sRGB.
    public var isSRGBEquivalent: Bool { data.map(ColourProfiles.isSRGB) ?? true }

    /// An RGB profile lcms2 can read (a display profile must be one).
    public var isUsable: Bool {
        guard let data else { return true }
        guard let profile = data.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) })
        else { return false }
        defer { cmsCloseProfile(profile) }
        return cmsGetColorSpace(profile) == cmsSigRgbData
    }
}

/// How a decoded bitmap's four bytes a pixel are to be read.
public enum PixelLayout: Sendable, Hashable {
    /// Cairo's BGRX/BGRA.
    case bgra
    /// C, M, Y, K as libjpeg gives them; `inverted` for Adobe's files, where 255 means no ink.
    case cmyk(inverted: Bool)
}

/// An lcms2 transform from a photo's colour space to the display's, applied in place to a bitmap's pixels
/// (four bytes a pixel in, BGRA out; alpha kept). Made once per pair of profiles and cached; `make` answers
/// nil when the two spaces are the same, so that nothing is done at all.
public final class ColourTransform: @unchecked Sendable {
    private enum Kind {
        case lcms(cmsHTRANSFORM)
        /// CMYK without a profile: ink subtracted from white (R = (1 − C)(1 − K) …), the conversion
        /// ImageMagick and most viewers use, as sRGB; then on to the display when it is not sRGB.
        case uncalibratedCMYK(inverted: Bool, then: ColourTransform?)
    }

    private let kind: Kind
    public let layout: PixelLayout

    private init(_ kind: Kind, layout: PixelLayout) {
        self.kind = kind
        self.layout = layout
    }

    deinit {
        if case let .lcms(handle) = kind { cmsDeleteTransform(handle) }
    }

    /// True when a CMYK photo without a profile is shown through the generic conversion (the window says so).
    public var isUncalibrated: Bool {
        if case .uncalibratedCMYK = kind { return true }
        return false
    }

    private struct Key: Hashable {
        let source: [UInt8]?
        let builtIn: String?
        let display: DisplayProfile
        let layout: PixelLayout
    }

    private static let cache = Mutex<[Key: ColourTransform]>([:])

    /// The transform that shows `space` (pixels laid out as `layout`) on `display`; nil when none is needed
    /// (sRGB on an sRGB display, or the display's own profile) or when lcms2 cannot use the profiles.
    public static func make(from space: ColourSpace, layout: PixelLayout = .bgra,
                            to display: DisplayProfile) -> ColourTransform? {
        let key: Key
        switch space {
        case .sRGBUntagged:
            guard !display.isSRGB || layout != .bgra else { return nil }
            key = Key(source: nil, builtIn: "sRGB", display: display, layout: layout)
        case .adobeRGBFromExif:
            key = Key(source: nil, builtIn: "AdobeRGB", display: display, layout: layout)
        case let .embedded(profile):
            guard profile.data != display.data else { return nil }
            if layout == .bgra, display.isSRGB, ColourProfiles.isSRGB(profile.data) { return nil }
            key = Key(source: profile.data, builtIn: nil, display: display, layout: layout)
        }
        return cache.withLock { cache in
            if let cached = cache[key] { return cached }
            guard let made = create(key) else { return nil }
            if cache.count >= 8 { cache.removeAll() }
            cache[key] = made
            return made
        }
    }

    private static func create(_ key: Key) -> ColourTransform? {
        if key.builtIn == "sRGB", case let .cmyk(inverted) = key.layout {
            let onward = key.display.isSRGB ? nil : make(from: .sRGBUntagged, to: key.display)
            return ColourTransform(.uncalibratedCMYK(inverted: inverted, then: onward), layout: key.layout)
        }
        let source: cmsHPROFILE?
        if let data = key.source {
            source = data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        } else if key.builtIn == "AdobeRGB" {
            source = ColourProfiles.adobeRGB()
        } else {
            source = cmsCreate_sRGBProfile()
        }
        let target = key.display.data.flatMap { data in
            data.withUnsafeBytes { cmsOpenProfileFromMem($0.baseAddress, cmsUInt32Number($0.count)) }
        } ?? cmsCreate_sRGBProfile()
        defer {
            if let source { cmsCloseProfile(source) }
            if let target { cmsCloseProfile(target) }
        }
        guard let source, let target else { return nil }
        let inputType: cmsUInt32Number
        switch key.layout {
        case .bgra:
            guard cmsGetColorSpace(source) == cmsSigRgbData else { return nil }
            inputType = clcms2_type_bgra_8()
        case let .cmyk(inverted):
            guard cmsGetColorSpace(source) == cmsSigCmykData else { return nil }
            inputType = inverted ? clcms2_type_cmyk_8_reverse() : clcms2_type_cmyk_8()
        }
        guard cmsGetColorSpace(target) == cmsSigRgbData else { return nil }
        let flags = key.layout == .bgra ? cmsUInt32Number(cmsFLAGS_COPY_ALPHA) : 0
        guard let handle = cmsCreateTransform(source, inputType, target, clcms2_type_bgra_8(),
                                              cmsUInt32Number(INTENT_PERCEPTUAL), flags) else { return nil }
        return ColourTransform(.lcms(handle), layout: key.layout)
    }

    /// Converts every pixel of `bitmap` in place, in bands on every core (the transform is read-only) unless
    /// `inBackground`: then on the calling thread alone, leaving the other cores to what the user waits for.
    public func apply(to bitmap: Bitmap, inBackground: Bool = false) {
        apply(to: bitmap.pixels, width: bitmap.width, height: bitmap.height, stride: bitmap.stride,
              inBackground: inBackground)
    }

    /// The same on raw rows (a Cairo surface's).
    public func apply(to pixels: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int,
                      inBackground: Bool = false) {
        let bands = inBackground ? 1 : min(height, 8)
        guard bands > 0 else { return }
        let base = UInt(bitPattern: pixels)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let first = height * band / bands, last = height * (band + 1) / bands
            for y in first..<last {
                guard let row = UnsafeMutableRawPointer(bitPattern: base + UInt(y * stride)) else { continue }
                convert(row, width: width)
            }
        }
        if case let .uncalibratedCMYK(_, then) = kind, let then {
            then.apply(to: pixels, width: width, height: height, stride: stride, inBackground: inBackground)
        }
    }

    private func convert(_ row: UnsafeMutableRawPointer, width: Int) {
        switch kind {
        case let .lcms(handle):
            cmsDoTransform(handle, row, row, cmsUInt32Number(width))
        case let .uncalibratedCMYK(inverted, _):
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            for x in 0..<width {
                let p = bytes + 4 * x
                // How much of each colour is left: 255 − ink, or the stored value itself when inverted.
                let c = Int(p[0]), m = Int(p[1]), y = Int(p[2]), k = Int(p[3])
                let (r, g, b, white) = inverted ? (c, m, y, k) : (255 - c, 255 - m, 255 - y, 255 - k)
                p[0] = UInt8((b * white + 127) / 255)
                p[1] = UInt8((g * white + 127) / 255)
                p[2] = UInt8((r * white + 127) / 255)
                p[3] = 255
            }
        }
    }
}
