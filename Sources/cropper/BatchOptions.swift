import ArgumentParser
import Glibc
import Localization
import PhotoIO
import PhotoLibrary

/// The options of a crop of many photos: where the list comes from, where the crops go, how many at once, and
/// how it is told.
struct BatchOptions: ParsableArguments {
    @Option(help: ArgumentHelp(tr("Read more photos from LIST, one a line or NUL-separated (as find -print0 writes); "
                                  + "- is standard input."), valueName: "LIST"))
    var from: String?

    @Option(help: ArgumentHelp(tr("Write the crops into DIR instead of beside each photo; DIR is made when it is not there."), valueName: "DIR"))
    var outputDir: String?

    @Option(help: ArgumentHelp(tr("Name each crop by PATTERN: {stem} is the photo's name without extension, {ext} its "
                                  + "extension, {n} its place in the list."), valueName: "PATTERN"))
    var name: String?

    @Option(name: [.customShort("j"), .customLong("jobs")],
            help: ArgumentHelp(tr("Crop N photos at once (default: the number of cores)."), valueName: "N"))
    var jobs: Int?

    @Flag(help: ArgumentHelp(tr("Print one JSON object a line for each photo: input, output, rect, ms, error.")))
    var json = false

    var workers: Int { jobs ?? max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Anything that makes this a batch even for one photo: its reporting is then the batch's.
    var asksForBatch: Bool { from != nil || json }

    func validate() throws {
        if let jobs, !(1...256).contains(jobs) { throw ValidationError(tr("-j must be from 1 to 256")) }
        if let name, let problem = OutputNaming.problem(with: name) { throw ValidationError(problem) }
        if let outputDir {
            var info = stat()
            if stat(PathNames.cString(outputDir), &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                throw ValidationError(tr("--output-dir %s is not a folder", outputDir))
            }
        }
    }

    /// Makes the `--output-dir` folder when it is not there yet, as `mkdir -p` would, before the first crop.
    func createOutputFolder() throws {
        guard let outputDir else { return }
        do {
            try Folder.create(outputDir)
        } catch {
            throw ValidationError(tr("--output-dir %1$s cannot be made: %2$s", outputDir, "\(error)"))
        }
    }

    /// The photos named on the command line, then those of `--from`, in that order.
    func inputs(_ files: [String]) throws -> [String] {
        guard let from else { return files }
        let bytes: [UInt8]
        do {
            bytes = from == "-" ? try StandardInput.readAll() : try FileReading.readAll(path: from)
        } catch {
            throw ValidationError(tr("--from %1$s: %2$s", from, (error as? PhotoIOError)?.reason ?? "\(error)"))
        }
        return files + PhotoList.paths(in: bytes)
    }
}

/// A list of paths: NUL-separated when it holds a NUL, else one a line (a CR before the newline and empty lines
/// ignored). Names are bytes, as the file system keeps them.
enum PhotoList {
    static func paths(in bytes: [UInt8]) -> [String] {
        let separator: UInt8 = bytes.contains(0) ? 0 : 0x0A
        return bytes.split(separator: separator).compactMap { entry in
            let trimmed = separator == 0x0A && entry.last == 0x0D ? entry.dropLast() : entry
            return trimmed.isEmpty ? nil : PathNames.string(fromFileSystem: trimmed)
        }
    }
}

enum StandardInput {
    static func readAll() throws -> [UInt8] {
        var bytes: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress!, $0.count) }
            if got < 0 && errno == EINTR { continue }
            if got < 0 { throw PhotoIOError.notReadable(errnoText(errno)) }
            if got == 0 { return bytes }
            bytes += chunk[..<got]
        }
    }
}
