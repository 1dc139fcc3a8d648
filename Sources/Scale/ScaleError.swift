import Support

/// A refusal or lost race in the scale-out layer. Internal: no chat user causes or fixes these; the
/// worker logs them and carries on (a lost lease means another worker has the message).
public enum ScaleError: InternalError, Sendable, Hashable, CustomStringConvertible {
    /// A value from a transport or the configuration is outside its bounds; nothing was written.
    case invalidInput(String)
    /// The database's schema is newer than this binary knows; upgrade the binary before starting it.
    case schemaTooNew(database: Int, known: Int)
    /// Another worker took over this chat's or job's lease (it expired); stop working on it.
    case leaseLost(String)
    /// The session holding the leader lock is gone; another process may be leading now.
    case leadershipLost(String)

    public var description: String {
        switch self {
        case .invalidInput(let detail): "refused: \(detail)"
        case .schemaTooNew(let database, let known):
            "the database schema is at version \(database) but this binary knows only up to \(known); upgrade wardrobe first"
        case .leaseLost(let what): "lease lost on \(what): another worker took it after it expired"
        case .leadershipLost(let name): "leadership of \(name) lost: its session ended"
        }
    }
}
