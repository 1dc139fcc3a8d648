import Support

/// A message catalog the bot cannot use (an operator's override with bad JSON or a bad entry).
public enum LocalizationError: Error, CustomStringConvertible, InternalError {
    /// The catalog file is not a valid catalog; the text says where.
    case badCatalog(String)

    /// What is wrong, for the operator's log.
    public var description: String {
        switch self {
        case .badCatalog(let problem): "bad message catalog: \(problem)"
        }
    }
}
