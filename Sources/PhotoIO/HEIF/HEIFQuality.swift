/// The x265 settings a re-encoded HEIC is coded with. libheif's default preset ("slow") spends seven times the CPU of
/// "ultrafast" on a still picture and buys little with it: measured on a 1500 × 1000 part of the 12 MP bench photo
/// (docs/benchmarks.md, "HEIC re-encoding"), "ultrafast" two quality steps up has the PSNR "slow" has at the user's
/// quality (within 0.02 dB at 80 and at 92) in a file 3–4 % larger.
enum HEIFQuality {
    static let preset = "ultrafast"
    static let qualityStep = 2

    /// The x265 quality at the preset that matches `user` (the scale every format's quality is given on) under libheif's
    /// default.
    static func x265(forUser user: Int) -> Int { min(100, user + qualityStep) }
}
