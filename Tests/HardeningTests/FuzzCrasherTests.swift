import CropperTestSupport
import Foundation
import XCTest

/// Every input the fuzzers ever broke an invariant with (Tests/Fixtures/crashers/TARGET-WHAT.bin) and
/// every seed (fuzz/seeds/TARGET/) runs through the same target code the fuzzer runs.
final class FuzzCrasherTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    func testEveryCrasherNowPasses() throws {
        let directory = Self.root.appendingPathComponent("Tests/Fixtures/crashers").path
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".bin") }
        XCTAssertFalse(names.isEmpty)
        let targets = FuzzTargets.all
        for name in names.sorted() {
            guard let target = targets.keys.filter({ name.hasPrefix($0 + "-") }).max(by: { $0.count < $1.count }),
                  let run = targets[target] else {
                XCTFail("\(name): no fuzz target named by its prefix")
                continue
            }
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(name)")))
            XCTAssertNoThrow(try run(bytes), name)
        }
    }

    func testEverySeedPasses() throws {
        for (name, run) in FuzzTargets.all {
            let directory = Self.root.appendingPathComponent("fuzz/seeds/\(name)").path
            let seeds = try FileManager.default.contentsOfDirectory(atPath: directory)
            XCTAssertFalse(seeds.isEmpty, name)
            for seed in seeds {
                let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(directory)/\(seed)")))
                XCTAssertNoThrow(try run(bytes), "\(name)/\(seed)")
            }
        }
    }
}
