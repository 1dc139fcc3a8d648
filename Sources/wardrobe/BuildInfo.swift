/// The version and commit `wardrobe --version` prints and backups record.
enum BuildInfo {
    /// The release version; raise it when cutting a release.
    static let version = "0.9.0"

    /// "0.9.0 (commit abc123def456)".
    static var description: String { "\(version) (commit \(BuildCommit.hash))" }
}
