import Foundation
import Support

/// Why a backup, a check or a restore failed: `description` for logs and `userMessage` for the operator.
/// No case carries key material.
public enum BackupError: Error, Sendable, Equatable, CustomStringConvertible, UserFacingError {
    /// The data folder has no database to back up.
    case noDatabase(path: String)
    /// The archive file already exists; backups never overwrite one.
    case archiveExists(path: String)
    /// A file or folder could not be written.
    case cannotWrite(path: String, detail: String)
    /// A file or folder could not be read.
    case cannotRead(path: String, detail: String)
    /// SQLite could not take the snapshot.
    case snapshotFailed(detail: String)
    /// The file does not start with the archive's magic bytes.
    case notAnArchive(path: String)
    /// The archive was written in a format version this build can't read.
    case unsupportedFormat(path: String, version: Int)
    /// The first sealed chunk did not open: the master key or passphrase is wrong, or the start of the file was changed.
    case wrongKeyOrChangedStart(path: String)
    /// A later chunk did not open or did not fit: bytes were changed or chunks were moved.
    case damaged(path: String, detail: String)
    /// The file ends before the final chunk.
    case truncated(path: String)
    /// A file inside the archive does not match the size or SHA-256 the manifest lists.
    case manifestMismatch(path: String, detail: String)
    /// No master key or passphrase was found to seal or open archives with.
    case needsKey
    /// The archive was sealed with the other kind of key (master key or passphrase).
    case wrongKeyKind(path: String, sealedWith: String)
    /// The data folder already holds data and `--force` was not given.
    case targetHoldsData(path: String)

    /// Detail for logs.
    public var description: String {
        switch self {
        case .noDatabase(let path): "no database at \(path)"
        case .archiveExists(let path): "\(path) already exists"
        case .cannotWrite(let path, let detail): "cannot write \(path): \(detail)"
        case .cannotRead(let path, let detail): "cannot read \(path): \(detail)"
        case .snapshotFailed(let detail): "database snapshot failed: \(detail)"
        case .notAnArchive(let path): "\(path) does not start with WDBACKUP"
        case .unsupportedFormat(let path, let version): "\(path) has archive format \(version); this build reads 1"
        case .wrongKeyOrChangedStart(let path): "\(path): the first chunk failed authentication"
        case .damaged(let path, let detail): "\(path) is damaged: \(detail)"
        case .truncated(let path): "\(path) ends before its final chunk"
        case .manifestMismatch(let path, let detail): "\(path) does not match its manifest: \(detail)"
        case .needsKey: "no master key or passphrase for the archive"
        case .wrongKeyKind(let path, let sealedWith): "\(path) is sealed with \(sealedWith)"
        case .targetHoldsData(let path): "\(path) holds data and --force was not given"
        }
    }

    /// Short text for the operator: what happened and what to do next.
    public var userMessage: String {
        switch self {
        case .noDatabase(let path):
            "There is no database at \(path). Check data_directory (or WARDROBE_DATA_DIRECTORY) and try again."
        case .archiveExists(let path):
            "\(path) already exists and backups never overwrite one. Choose a new name or give a folder."
        case .cannotWrite(let path, let detail): "Couldn't write \(path) (\(detail)). Check space and permissions, then try again."
        case .cannotRead(let path, let detail): "Couldn't read \(path) (\(detail)). Check the path and permissions."
        case .snapshotFailed(let detail): "The database snapshot failed (\(detail)). Nothing was written; try again."
        case .notAnArchive(let path): "\(path) is not a Wardrobe backup. Check the file name."
        case .unsupportedFormat(let path, let version):
            "\(path) uses backup format \(version), which this Wardrobe can't read. Use a newer Wardrobe."
        case .wrongKeyOrChangedStart(let path):
            "\(path) can't be opened: the master key or passphrase is wrong, or the archive was changed. Use the one it was made with."
        case .damaged(let path, _): "\(path) is damaged or was tampered with. Nothing was restored; use another backup."
        case .truncated(let path): "\(path) is cut short (incomplete copy?). Nothing was restored; use a complete copy."
        case .manifestMismatch(let path, _): "\(path) does not match its own manifest. Nothing was restored; use another backup."
        case .needsKey:
            "Backups are encrypted with the master key or passphrase. Set WARDROBE_MASTER_KEY (or WARDROBE_PASSPHRASE) and try again."
        case .wrongKeyKind(let path, let sealedWith): "\(path) was sealed with \(sealedWith). Provide that instead."
        case .targetHoldsData(let path):
            "\(path) already holds data. Stop the bot and add --force to restore over it (the old data is kept aside)."
        }
    }
}
