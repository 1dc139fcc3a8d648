import Closet
import Foundation
import SQLite

extension Store {
    /// Every item of one user, by number.
    public func items(userID: Int64) async throws -> [ClosetItem] {
        try await database.run { db in
            try db.query("SELECT \(Store.itemColumns) FROM items WHERE user_id = ? ORDER BY number", [userID], decode: Store.item(from:))
        }
    }

    /// One item of one user by the number they see; nil when they have no such item.
    public func item(userID: Int64, number: Int) async throws -> ClosetItem? {
        try await database.run { db in
            try db.query("SELECT \(Store.itemColumns) FROM items WHERE user_id = ? AND number = ?", [userID, number], decode: Store.item(from:)).first
        }
    }

    /// Adds an item, giving it the user's next number; returns it with id and number set.
    public func addItem(_ item: ClosetItem, userID: Int64) async throws -> ClosetItem {
        try await database.write { db in try Store.insert(item, userID: userID, db: db) }
    }

    /// Adds the pieces of an imported closet file that the user's closet doesn't already hold
    /// (matched by `ClosetItem.importIdentity`), in one transaction; returns the pieces added.
    ///
    /// Importing the same file twice therefore adds nothing the second time.
    public func importItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem] {
        try await database.write { db in
            let existing = try db.query(
                "SELECT \(Store.itemColumns) FROM items WHERE user_id = ? ORDER BY number", [userID], decode: Store.item(from:))
            return try ClosetItem.newPieces(items, existing: existing).map { try Store.insert($0, userID: userID, db: db) }
        }
    }

    /// Adds several items in one transaction (all or nothing).
    public func addItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem] {
        try await database.write { db in try items.map { try Store.insert($0, userID: userID, db: db) } }
    }

    /// Saves every descriptive field of an existing item (matched by user and number) and its availability.
    ///
    /// The wear figures (`wear_count`, `last_worn_at`) are left alone: only `recordWears` changes them, together
    /// with the wear log, so an edit made from a copy read before a wear can't undo that wear.
    public func updateItem(_ item: ClosetItem, userID: Int64) async throws {
        try item.checkLimits()
        try await database.write { db in
            try db.query(
                """
                UPDATE items SET name = ?, category = ?, subcategory = ?, formality = ?, warmth = ?, fit = ?, leg_shape = ?,
                  color_name = ?, color_family = ?, pattern = ?, brand = ?, size = ?, material = ?, photo_sha256 = ?,
                  source_url = ?, price = ?, currency = ?, available = ?
                WHERE user_id = ? AND number = ?
                """, Store.fieldValues(item) + [item.isAvailable, userID, item.number])
            guard db.changes == 1 else { throw StorageError.notFound("item \(item.number)") }
        }
    }

    /// Deletes one item; returns false when the user has no such item.
    @discardableResult
    public func removeItem(userID: Int64, number: Int) async throws -> Bool {
        try await database.write { db in
            try db.query("DELETE FROM items WHERE user_id = ? AND number = ?", [userID, number])
            return db.changes == 1
        }
    }

    /// Marks an item as in the laundry (false) or clean (true); false when there is no such item.
    @discardableResult
    public func setAvailable(_ available: Bool, userID: Int64, number: Int) async throws -> Bool {
        try await database.write { db in
            try db.query("UPDATE items SET available = ? WHERE user_id = ? AND number = ?", [available, userID, number])
            return db.changes == 1
        }
    }

    static func insert(_ item: ClosetItem, userID: Int64, db: Connection) throws -> ClosetItem {
        try item.checkLimits()
        let next = try takeNumber(counter: "next_item_number", table: "items", userID: userID, db: db)
        try db.query(
            """
            INSERT INTO items (name, category, subcategory, formality, warmth, fit, leg_shape, color_name, color_family, pattern,
              brand, size, material, photo_sha256, source_url, price, currency, user_id, number, added_at, last_worn_at, wear_count, available)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            fieldValues(item) + [userID, next, timestamp(item.addedAt), item.lastWornAt.map(timestamp), item.wearCount, item.isAvailable])
        var saved = item
        saved.id = db.lastInsertRowID
        saved.number = next
        return saved
    }

    /// Takes the user's next number from their counter (never lowered, so a removed number is never
    /// given out again); the highest number in use is a floor in case rows arrived another way.
    static func takeNumber(counter: String, table: String, userID: Int64, db: Connection) throws -> Int {
        let row = try db.first(
            "SELECT max(coalesce((SELECT \(counter) FROM users WHERE id = ?), 1), coalesce((SELECT max(number) FROM \(table) WHERE user_id = ?), 0) + 1) AS next",
            [userID, userID])
        guard let next = row?.int("next") else { throw StorageError.notFound("numbering for user \(userID)") }
        try db.query("UPDATE users SET \(counter) = ? WHERE id = ?", [next + 1, userID])
        return Int(next)
    }

    static func fieldValues(_ item: ClosetItem) -> [any SQLBindable] {
        [
            item.name, item.category.rawValue, item.subcategory, item.formality, item.warmth, item.fit.rawValue, item.legShape?.rawValue,
            item.color.name, item.color.family.rawValue, item.pattern.rawValue, item.brand, item.size, item.material, item.photo,
            item.sourceURL, item.price?.amount, item.currency,
        ]
    }

    /// The columns `item(from:)` reads, in its positional order.
    static let itemColumns = """
        id, number, name, category, subcategory, formality, warmth, fit, leg_shape, color_name, color_family, pattern, brand, size,
        material, photo_sha256, source_url, price, currency, added_at, last_worn_at, wear_count, available
        """

    /// An item from a row selecting `itemColumns`, read in place (a closet is read on every /outfit).
    static func item(from row: borrowing ColumnReader) -> ClosetItem {
        ClosetItem(
            id: row.int(0) ?? 0, number: Int(row.int(1) ?? 0), name: row.string(2) ?? "",
            category: row.string(3).flatMap(Category.init(rawValue:)) ?? .accessory, subcategory: row.string(4),
            formality: Int(row.int(5) ?? 1), warmth: Int(row.int(6) ?? 3),
            fit: row.string(7).flatMap(Fit.init(rawValue:)) ?? .regular, legShape: row.string(8).flatMap(LegShape.init(rawValue:)),
            color: ItemColor(name: row.string(9) ?? "", family: row.string(10).flatMap(ColorFamily.init(rawValue:)) ?? .multi),
            pattern: row.string(11).flatMap(Pattern.init(rawValue:)) ?? .solid, brand: row.string(12), size: row.string(13),
            material: row.string(14), photo: row.string(15), sourceURL: row.string(16),
            price: storedPrice(row.double(17), currency: row.string(18)),
            addedAt: Date(timeIntervalSince1970: row.double(19) ?? 0),
            lastWornAt: row.double(20).map { Date(timeIntervalSince1970: $0) }, wearCount: Int(row.int(21) ?? 0),
            isAvailable: row.bool(22))
    }

    /// A stored price through the `Price` checks; a row written before the checks existed with an
    /// infinite or huge amount reads as "no price" instead of trapping later.
    static func storedPrice(_ amount: Double?, currency: String?) -> Price? {
        guard let amount else { return nil }
        return (try? Price(amount: amount, currency: currency)) ?? (try? Price(amount: amount))
    }
}
