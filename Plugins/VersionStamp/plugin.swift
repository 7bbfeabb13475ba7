import Foundation
import PackagePlugin

/// Writes `Version.swift` from the package's VERSION file before the target compiles, so the executable's
/// `--version`, the thumbnail records and the .deb all read the one number.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let versionFile = context.package.directoryURL.appending(path: "VERSION")
        let output = context.pluginWorkDirectoryURL.appending(path: "Version.swift")
        return [
            .buildCommand(
                displayName: "Stamping the version from VERSION",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: ["-c", #"printf 'let stampedVersion = "%s"\n' "$(tr -d '[:space:]' < "$1")" > "$2""#,
                            "version-stamp", versionFile.path, output.path],
                inputFiles: [versionFile],
                outputFiles: [output])
        ]
    }
}
