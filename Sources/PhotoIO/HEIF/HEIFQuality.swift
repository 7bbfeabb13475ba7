/// The x265 settings a re-encoded HEIC is coded with. libheif's default preset ("slow") spends about three times the
/// CPU of "faster" on a still picture, and for a single intra-coded picture buys almost nothing with it: measured
/// on a 1500 × 1000 photo (docs/benchmarks.md, "HEIC re-encoding"), "faster" at the same quality setting gives the
/// same PSNR within 0.02 dB and the same size within 1 %, so the user's quality is passed on as it is.
enum HEIFQuality {
    static let preset = "faster"
}
