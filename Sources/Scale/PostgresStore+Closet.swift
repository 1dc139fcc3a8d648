import Closet
import Foundation
import Postgres
import Storage

// The closet on PostgreSQL (Scale migration 5), as `Storage.Store` keeps it on SQLite: items numbered per
// user from a counter that never goes down, so a removed number is never given out again.
extension PostgresStore: ClosetStore {
    /// `ClosetStore.items`: see there.
    public func items(userID: Int64) async throws -> [ClosetItem] {
        try await session.run { try Self.items($0, userID: userID) }
    }

    /// `ClosetStore.item`: see there.
    public func item(userID: Int64, number: Int) async throws -> ClosetItem? {
        try await session.query(
            "SELECT \(Self.itemColumns) FROM closet_item WHERE user_id = $1 AND number = $2", [.int(userID), .int(number)]
        ).first.map(Self.item(from:))
    }

    /// `ClosetStore.addItem`: see there.
    public func addItem(_ item: ClosetItem, userID: Int64) async throws -> ClosetItem {
        try item.checkLimits()
        return try await session.transaction { try Self.insert(item, userID: userID, $0) }
    }

    /// `ClosetStore.importItems`: see there. The user's row is locked first, so two imports of one file
    /// at once add its pieces once.
    public func importItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem] {
        for item in items { try item.checkLimits() }
        return try await session.transaction { connection in
            try Self.lockUser(connection, userID: userID)
            let existing = try Self.items(connection, userID: userID)
            return try ClosetItem.newPieces(items, existing: existing).map { try Self.insert($0, userID: userID, connection) }
        }
    }

    /// `ClosetStore.addItems`: see there.
    public func addItems(_ items: [ClosetItem], userID: Int64) async throws -> [ClosetItem] {
        for item in items { try item.checkLimits() }
        return try await session.transaction { connection in try items.map { try Self.insert($0, userID: userID, connection) } }
    }

    /// `ClosetStore.updateItem`: see there. The wear figures are left alone, as on SQLite.
    public func updateItem(_ item: ClosetItem, userID: Int64) async throws {
        try item.checkLimits()
        let changed = try await session.execute("""
            UPDATE closet_item SET name = $1, category = $2, subcategory = $3, formality = $4, warmth = $5, fit = $6, leg_shape = $7,
              color_name = $8, color_family = $9, pattern = $10, brand = $11, size = $12, material = $13, photo_sha256 = $14,
              source_url = $15, price = $16, currency = $17, available = $18
            WHERE user_id = $19 AND number = $20
            """, Self.fieldValues(item) + [.bool(item.isAvailable), .int(userID), .int(item.number)])
        guard changed == 1 else { throw StorageError.notFound("item \(item.number)") }
    }

    /// `ClosetStore.removeItem`: see there.
    @discardableResult
    public func removeItem(userID: Int64, number: Int) async throws -> Bool {
        try await session.execute("DELETE FROM closet_item WHERE user_id = $1 AND number = $2", [.int(userID), .int(number)]) == 1
    }

    /// `ClosetStore.setAvailable`: see there.
    @discardableResult
    public func setAvailable(_ available: Bool, userID: Int64, number: Int) async throws -> Bool {
        try await session.execute(
            "UPDATE closet_item SET available = $1 WHERE user_id = $2 AND number = $3", [.bool(available), .int(userID), .int(number)]) == 1
    }
}

extension PostgresStore {
    /// The columns `item(from:)` reads.
    static let itemColumns = """
        id, number, name, category, subcategory, formality, warmth, fit, leg_shape, color_name, color_family, pattern, brand, size,
        material, photo_sha256, source_url, price, currency, extract(epoch FROM added_at)::float8 AS added_at,
        extract(epoch FROM last_worn_at)::float8 AS last_worn_at, wear_count, available
        """

    /// Every item of one user, by number, on `connection` (inside the caller's transaction).
    static func items(_ connection: PostgresConnection, userID: Int64) throws -> [ClosetItem] {
        try connection.query("SELECT \(itemColumns) FROM closet_item WHERE user_id = $1 ORDER BY number", [.int(userID)]).map(item(from:))
    }

    /// Inserts one checked item under the user's next number.
    static func insert(_ item: ClosetItem, userID: Int64, _ connection: PostgresConnection) throws -> ClosetItem {
        let number = try takeItemNumber(connection, userID: userID)
        let rows = try connection.query("""
            INSERT INTO closet_item (name, category, subcategory, formality, warmth, fit, leg_shape, color_name, color_family, pattern,
              brand, size, material, photo_sha256, source_url, price, currency, user_id, number, added_at, last_worn_at, wear_count, available)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
              to_timestamp($20::float8), to_timestamp($21::float8), $22, $23)
            RETURNING id
            """, fieldValues(item) + [
                .int(userID), .int(number), Timestamp.parameter(item.addedAt), item.lastWornAt.map(Timestamp.parameter) ?? .null,
                .int(item.wearCount), .bool(item.isAvailable),
            ])
        guard let row = rows.first else { throw StorageError.notFound("the new item") }
        var saved = item
        saved.id = try row.int("id")
        saved.number = number
        return saved
    }

    /// Takes the user's next item number. The counter only rises, and the highest number in use is a floor,
    /// as on SQLite. The update locks the user's row, so workers adding at once take numbers one after the other.
    static func takeItemNumber(_ connection: PostgresConnection, userID: Int64) throws -> Int {
        let rows = try connection.query("""
            UPDATE chat_user SET next_item_number =
              greatest(next_item_number, coalesce((SELECT max(number) FROM closet_item WHERE user_id = $1), 0) + 1) + 1
            WHERE id = $1 RETURNING next_item_number - 1 AS number
            """, [.int(userID)])
        guard let row = rows.first else { throw StorageError.notFound("user \(userID)") }
        return Int(try row.int("number"))
    }

    /// Locks the user's row until the transaction ends; throws when there is no such user.
    static func lockUser(_ connection: PostgresConnection, userID: Int64) throws {
        guard try !connection.query("SELECT 1 AS found FROM chat_user WHERE id = $1 FOR UPDATE", [.int(userID)]).isEmpty else {
            throw StorageError.notFound("user \(userID)")
        }
    }

    /// The descriptive fields in the order of the insert and update statements ($1…$17).
    static func fieldValues(_ item: ClosetItem) -> [PostgresValue] {
        [
            .text(item.name), .text(item.category.rawValue), .text(item.subcategory), .int(item.formality), .int(item.warmth),
            .text(item.fit.rawValue), .text(item.legShape?.rawValue), .text(item.color.name), .text(item.color.family.rawValue),
            .text(item.pattern.rawValue), .text(item.brand), .text(item.size), .text(item.material), .text(item.photo), .text(item.sourceURL),
            item.price.map { .double($0.amount) } ?? .null, .text(item.currency),
        ]
    }

    /// An item from a row selecting `itemColumns`; a value no `ClosetItem` can hold is an error, never a default.
    static func item(from row: PostgresRow) throws -> ClosetItem {
        let number = try row.int("number")
        func parsed<T: RawRepresentable<String>>(_ column: String, as type: T.Type) throws -> T {
            let text = try row.string(column)
            guard let value = T(rawValue: text) else { throw StorageError.corrupt("closet_item \(number): \(column) \(text)") }
            return value
        }
        let legShape = try row.optionalString("leg_shape")
        let price: Price?
        if try row.isNull("price") {
            price = nil
        } else {
            do { price = try Price(amount: try row.double("price"), currency: try row.optionalString("currency")) } catch {
                throw StorageError.corrupt("closet_item \(number): price")
            }
        }
        return ClosetItem(
            id: try row.int("id"), number: Int(number), name: try row.string("name"), category: try parsed("category", as: Category.self),
            subcategory: try row.optionalString("subcategory"), formality: Int(try row.int("formality")), warmth: Int(try row.int("warmth")),
            fit: try parsed("fit", as: Fit.self),
            legShape: try legShape.map { text in
                guard let shape = LegShape(rawValue: text) else { throw StorageError.corrupt("closet_item \(number): leg_shape \(text)") }
                return shape
            },
            color: ItemColor(name: try row.string("color_name"), family: try parsed("color_family", as: ColorFamily.self)),
            pattern: try parsed("pattern", as: Pattern.self), brand: try row.optionalString("brand"), size: try row.optionalString("size"),
            material: try row.optionalString("material"), photo: try row.optionalString("photo_sha256"),
            sourceURL: try row.optionalString("source_url"), price: price, addedAt: try Timestamp.date(row, "added_at"),
            lastWornAt: try row.isNull("last_worn_at") ? nil : try Timestamp.date(row, "last_worn_at"),
            wearCount: Int(try row.int("wear_count")), isAvailable: try row.bool("available"))
    }
}
