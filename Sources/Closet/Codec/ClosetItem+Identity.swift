import JSON

extension ClosetItem {
    /// What makes two pieces "the same piece" when a closet file is imported again: every
    /// descriptive field of the export shape, without the per-closet number and the wear history.
    ///
    /// Importing a file twice adds nothing the second time, while two identical rows in one file
    /// (two white T-shirts) still add two pieces, because import compares counts per identity.
    public var importIdentity: String {
        guard case .object(var members) = json else { return "" }
        for key in ["number", "wear_count", "last_worn_at", "available", "added_at"] { members[key] = nil }
        return JSON.object(members).serialized()
    }

    /// The pieces of `incoming` not already in `existing`, matching by `importIdentity` with counts.
    public static func newPieces(_ incoming: [ClosetItem], existing: [ClosetItem]) -> [ClosetItem] {
        var present: [String: Int] = [:]
        for item in existing { present[item.importIdentity, default: 0] += 1 }
        var fresh: [ClosetItem] = []
        for item in incoming {
            let identity = item.importIdentity
            if let count = present[identity], count > 0 {
                present[identity] = count - 1
            } else {
                fresh.append(item)
            }
        }
        return fresh
    }
}
