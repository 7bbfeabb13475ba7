// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Cropper",
    products: [
        .executable(name: "cropper", targets: ["cropper"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // System libraries: a module.modulemap and a shim.h each.
        // XTest's header is here for the tests; its library is linked by HardeningTests alone (below).
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext xi",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxi-dev"])]),
        .systemLibrary(name: "CCairo", pkgConfig: "cairo cairo-xlib",
                       providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPango", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CLCMS2", pkgConfig: "lcms2", providers: [.apt(["liblcms2-dev"])]),
        // GLib (already linked through Pango): bookmark files, checksums, collation keys, user folders, file URIs.
        .systemLibrary(name: "CGLib", pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // The format libraries' headers only: the libraries (and the codecs they pull in: libde265, x265, aom,
        // dav1d, …) are loaded on first use by CFormatLibraries, not at every start.
        .systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CWebP", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CTIFF", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CJXL", providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CGIF", providers: [.apt(["libgif-dev"])]),
        // HEVC tiles decode faster through libavcodec than through libde265 (HEIFTileDecoder); optional at run time.
        .systemLibrary(name: "CAVCodec", providers: [.apt(["libavcodec-dev"])]),
        .target(name: "CFormatLibraries"),

        // glibc's gettext and locale calls, and mallopt (in libc: nothing to link).
        .systemLibrary(name: "CIntl"),
        .systemLibrary(name: "CMalloc"),

        // libjpeg's own API, for decodes that must say where damaged data began (TurboJPEG cannot).
        .target(name: "CJPEGRecovery", linkerSettings: [.linkedLibrary("jpeg")]),
        // Pixel loops written with Clang's vector types, vectorised in debug builds too (YCbCr → BGRX).
        .target(name: "CPixelKernels"),

        // The version, stamped from VERSION.
        .plugin(name: "VersionStamp", capability: .buildTool()),
        .target(name: "BuildInfo", plugins: ["VersionStamp"]),

        // Pure Swift: every editor rule, no C, no files, no X.
        .target(name: "EditorState"),
        // Every string the user reads, through gettext: tr(), trn(), the catalogues' folder, locale formats.
        .target(name: "Localization", dependencies: ["CIntl"]),
        .target(name: "PhotoIO", dependencies: ["EditorState", "Localization", "CTurboJPEG", "CJPEGRecovery", "CPNG", "CLCMS2", "CZlib",
                                                      "CHeif", "CWebP", "CTIFF", "CJXL", "CGIF", "CAVCodec", "CFormatLibraries",
                                                      "CPixelKernels", "CMalloc"]),
        .target(name: "PhotoLibrary", dependencies: ["BuildInfo", "CGLib", "PhotoIO", "EditorState", "Localization", "CZlib"]),
        // The window system: X window, input, selections, drag and drop, presenting, the event loop. Imports no
        // project module and is the only importer of CX11 (`scripts/check-platform-pure`).
        .target(name: "X11Platform", dependencies: ["CX11", "CCairo"]),
        .target(name: "CropperUI", dependencies: ["BuildInfo", "EditorState", "Localization", "PhotoIO", "PhotoLibrary", "X11Platform",
                                                  "CCairo", "CPango", "CMalloc"]),
        .executableTarget(name: "cropper", dependencies: [
            "BuildInfo", "EditorState", "Localization", "PhotoIO", "PhotoLibrary", "CropperUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),

        // Makes phone-style HEIC grids for the tests and `make bench` (libheif 1.15's heif-enc cannot write grids).
        .executableTarget(name: "heif-grid", dependencies: ["EditorState", "PhotoIO"]),

        // What several test targets share: photo fixtures and scratch folders, the window harness that runs the
        // real executable, its state log, throwaway homes. A library of its own, so no test target links another's files.
        .target(name: "CropperTestSupport", dependencies: ["EditorState", "PhotoIO", "CX11", "X11Platform"], path: "Tests/CropperTestSupport"),

        .testTarget(name: "EditorStateTests", dependencies: ["EditorState"]),
        // The catalogues (complete, current with the sources), the placeholders, the desktop entry's translations.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization", "CropperTestSupport"]),
        .testTarget(name: "PhotoIOTests", dependencies: ["PhotoIO", "EditorState", "CropperTestSupport"]),
        .testTarget(name: "PhotoLibraryTests", dependencies: ["BuildInfo", "PhotoLibrary", "PhotoIO", "EditorState", "CropperTestSupport"]),
        .testTarget(name: "CropperUITests", dependencies: ["BuildInfo", "CropperUI", "EditorState", "PhotoIO", "PhotoLibrary", "CX11",
                                                           "X11Platform", "CCairo", "CropperTestSupport"]),
        // README and docs/: links, the front page's length; the version's one home; the manual and completions.
        .testTarget(name: "DocumentationTests", dependencies: ["cropper", "CropperTestSupport"]),
        // `make install` / `make uninstall` (with the release executable under make test, else the debug one), and
        // the .deb (make test builds it): installed with apt-get, run with the toolchain hidden, purged.
        .testTarget(name: "InstallTests", dependencies: ["cropper", "CropperTestSupport"]),
        // Fuzz crashers, hostile files, failing disks, a soak of the real window. Links in the fuzz
        // targets (symbolic links into fuzz/, which scripts/fuzz compiles too), so both run the same code.
        // XTest (the soak's and the hostile window tests' synthetic input) is the tests' alone: linked here rather
        // than through CX11, so the shipped executable and its package do not depend on libXtst.
        .testTarget(name: "HardeningTests", dependencies: ["PhotoIO", "PhotoLibrary", "EditorState", "CX11",
                                                          "CropperTestSupport"],
                    linkerSettings: [.linkedLibrary("Xtst")]),
    ]
)

// `make test` builds the tests with SwiftPM's index store off and gives this path (CROPPER_TEST_INDEX) to the
// targets under Tests/ alone: SwiftPM finds the XCTest classes of a Linux test bundle in the index, and indexing
// every source module as well, with every system module it imports, was a fifth of the debug build's CPU. Set for
// every target there, so a test target added later is found too.
if let store = Context.environment["CROPPER_TEST_INDEX"] {
    for target in package.targets where target.type == .test || target.path?.hasPrefix("Tests/") == true {
        target.swiftSettings = (target.swiftSettings ?? [])
            + [.unsafeFlags(["-index-store-path", store, "-index-ignore-system-modules"])]
    }
}
