@testable import FuzzTargets
import Glibc

/// The fuzz executable's entry points. scripts/fuzz links every target into one executable, bin/fuzz-targets, and
/// bin/TARGET is a link to it: the name the executable is started by picks the target.
nonisolated(unsafe) private var target: FuzzTargets.Run?
nonisolated(unsafe) private var targetName = ""

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<Int32>,
                           _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>) -> Int32 {
    let invoked = argv.pointee[0].map { String(cString: $0) } ?? ""
    targetName = String(invoked.split(separator: "/").last ?? "")
    let targets = FuzzTargets.all
    guard let found = targets[targetName] else {
        fputs("no fuzz target is called \"\(targetName)\"; start this executable as one of: "
              + targets.keys.sorted().joined(separator: ", ") + "\n", stderr)
        exit(2)
    }
    target = found
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntry(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    do {
        try target?(FuzzInput.bytes(data, size))
    } catch {
        fatalError("\(targetName): \(error)")
    }
    return 0
}
