import Closet
import Foundation
import JSON

/// A user's closet as one JSON document: `ClosetCodec`'s shape plus the wear log.
public struct ClosetExport: Sendable {
    /// The document, indented for people.
    public let text: String
    /// Pieces in it.
    public let pieceCount: Int
    /// Logged wears in it.
    public let wearCount: Int
}

extension Store {
    /// The closet export with a `wears` list added: `{"item": 3, "date": "2026-03-14", "source": "button"}` per
    /// logged wear, oldest first. Closet import reads the pieces and ignores the list (a piece's `wear_count` carries its total).
    public func closetExport(userID: Int64) async throws -> ClosetExport {
        ClosetExport(items: try await items(userID: userID), wears: try await wears(userID: userID))
    }
}

extension ClosetExport {
    /// The export of `items` (by number) with the wear log `wears` (oldest first) added: the one document
    /// every store builds, so `/export` reads the same on SQLite and PostgreSQL.
    public init(items: [ClosetItem], wears: [WearRecord]) {
        let log: [JSON] = wears.map { wear in
            ["item": .int(Int64(wear.itemNumber)), "date": .string(wear.date.description), "source": .string(wear.source.rawValue)]
        }
        let document = ClosetCodec.export(items).setting("wears", .array(log))
        self.init(text: document.serialized(pretty: true), pieceCount: items.count, wearCount: wears.count)
    }
}
