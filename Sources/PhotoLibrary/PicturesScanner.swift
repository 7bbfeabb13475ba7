import PhotoIO

/// A file found while looking for recent photos, before its content is checked.
struct PhotoCandidate {
    let path: String
    let status: FileStatus
    var origins: RecentPhoto.Origins
}

/// Walks a folder for files named like photos Cropper opens (PhotoFormat(pathExtensionOf:)).
///
/// - Depth: files in the folder itself and in subfolders down to `maxDepth` levels below it
///   (with 3, `Pictures/a/b/c/x.jpg` is found and `Pictures/a/b/c/d/x.jpg` is not).
/// - Hidden entries (names starting with `.`), files and folders alike, are skipped.
/// - Symbolic links are followed; each folder is entered once, identified by (device, inode),
///   so a link back up the tree is harmless.
/// - At most `entryBudget` directory entries are examined, bounding the time a huge tree takes.
struct PicturesScanner {
    var maxDepth: Int
    var entryBudget: Int

    func scan(_ root: String) -> [PhotoCandidate] {
        guard let rootStatus = FileSystem.status(root), rootStatus.isDirectory else { return [] }
        var visited: Set<FileIdentity> = [rootStatus.identity]
        var pending: [(path: String, depth: Int)] = [(root, 0)]
        var found: [PhotoCandidate] = []
        var examined = 0

        while let (directory, depth) = pending.popLast() {
            for name in ((try? Folder.names(in: directory).get()) ?? []).sorted() where !name.hasPrefix(".") {
                examined += 1
                if examined > entryBudget { return found }
                let path = directory == "/" ? "/" + name : directory + "/" + name
                guard let status = FileSystem.status(path) else { continue }
                if status.isDirectory {
                    if depth < maxDepth && visited.insert(status.identity).inserted {
                        pending.append((path, depth + 1))
                    }
                } else if status.isRegularFile && PhotoFormat(pathExtensionOf: name) != nil {
                    found.append(PhotoCandidate(path: path, status: status, origins: .pictures))
                }
            }
        }
        return found
    }
}
