/// Facts about this build. The version is stamped from the package's VERSION file at build time
/// (Plugins/VersionStamp), the one place it is written.
public enum BuildInfo {
    public static let version = stampedVersion
}
