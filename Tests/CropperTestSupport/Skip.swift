#if canImport(XCTest)
import XCTest

/// The error that skips a test that cannot run here (no display, a tool not installed).
func skipping(_ reason: String) -> Error { XCTSkip(reason) }
#else
// `swift build -c release` compiles this target too, where XCTest is not available; nothing runs it there.
func skipping(_ reason: String) -> Error { HarnessError.skipped(reason) }
#endif
