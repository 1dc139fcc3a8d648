import Foundation
import JSON

/// Closet export and import as JSON, the shape documented in docs/outfits.md.
///
/// ```json
/// {"format": "wardrobe-closet", "version": 1, "items": [{"number": 1, "name": "Navy blazer", ...}]}
/// ```
/// Import also accepts a bare array of items.
public enum ClosetCodec {
    /// The `format` marker written on export.
    public static let format = "wardrobe-closet"
    /// The shape version written on export.
    public static let version = 1
    /// The largest closet file accepted, in bytes (about 10,000 typical items).
    public static let maximumFileBytes = 4 * 1_048_576
    /// The most items one import accepts; parsing and checking cost stays proportional to this.
    public static let maximumItems = 5_000

    /// The whole closet as a JSON value.
    public static func export(_ items: [ClosetItem]) -> JSON {
        ["format": .string(format), "version": .int(Int64(version)), "items": .array(items.map(\.json))]
    }

    /// The whole closet as JSON text, indented for people by default.
    public static func exportText(_ items: [ClosetItem], pretty: Bool = true) -> String {
        export(items).serialized(pretty: pretty)
    }

    /// Reads every row, keeping the good ones and reporting each bad one with its index and reason.
    ///
    /// Throws only when the text is not JSON or has no item list; bad rows land in `problems`.
    /// `importedAt` stands in for a missing `added_at`.
    public static func decode(jsonText: String, importedAt: Date) throws(ClosetError) -> ClosetImport {
        let size = jsonText.utf8.count
        guard size <= maximumFileBytes else { throw .fileTooLarge(bytes: size, limit: maximumFileBytes) }
        let root: JSON
        do { root = try JSON.parse(jsonText) } catch { throw .invalidJSON(error) }
        let rows: [JSON]
        if let array = root.array {
            rows = array
        } else if let array = root["items"]?.array {
            rows = array
        } else {
            throw .invalidRows([RowProblem(index: 0, reason: "expected an array of items or an object with \"items\"")])
        }
        guard rows.count <= maximumItems else { throw .tooManyItems(count: rows.count, limit: maximumItems) }
        var result = ClosetImport(items: [], problems: [])
        var numbers: [Int: Int] = [:]
        for (index, row) in rows.enumerated() {
            switch ClosetItem.decode(row, importedAt: importedAt) {
            case .success(let item):
                if item.number > 0, let first = numbers[item.number] {
                    result.problems.append(RowProblem(index: index, reason: "number \(item.number) repeats row \(first)"))
                    continue
                }
                if item.number > 0 { numbers[item.number] = index }
                result.items.append(item)
            case .failure(let reasons):
                result.problems.append(RowProblem(index: index, reason: reasons.joined(separator: "; ")))
            }
        }
        return result
    }

    /// Reads every row and throws `ClosetError.invalidRows` listing all bad rows if there is any.
    public static func importItems(jsonText: String, importedAt: Date) throws(ClosetError) -> [ClosetItem] {
        let result = try decode(jsonText: jsonText, importedAt: importedAt)
        guard result.problems.isEmpty else { throw .invalidRows(result.problems) }
        return result.items
    }
}

/// The outcome of reading an exported closet: the good items and every bad row.
public struct ClosetImport: Sendable, Equatable {
    /// Items from the rows that passed validation, in file order.
    public var items: [ClosetItem]
    /// One entry per rejected row.
    public var problems: [RowProblem]
}
