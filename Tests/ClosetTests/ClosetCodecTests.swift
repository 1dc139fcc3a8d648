import Foundation
import Testing
import JSON
import Closet

@Suite struct ClosetCodecTests {
    static let full = ClosetItem(
        id: 0, number: 7, name: "Navy \"wool\" blazer", category: .outerwear, subcategory: "blazer", formality: 4,
        warmth: 3, fit: .slim, color: ItemColor(name: "midnight navy", family: .navy), pattern: .texture,
        brand: "Acme", size: "50", material: "wool", photo: String(repeating: "ab", count: 32),
        sourceURL: "https://example.com/p/1", price: try! Price(amount: 199.9, currency: "EUR"),
        addedAt: Date(timeIntervalSince1970: 1_700_000_000), lastWornAt: Date(timeIntervalSince1970: 1_710_000_000),
        wearCount: 12, isAvailable: false)

    @Test func everyFieldSurvivesARoundTrip() throws {
        let minimal = ClosetItem(
            number: 8, name: "Jeans", category: .bottom, formality: 1, legShape: .wide,
            color: ItemColor(name: "indigo", family: .denim), addedAt: Date(timeIntervalSince1970: 1_600_000_000))
        let text = ClosetCodec.exportText([Self.full, minimal])
        let back = try ClosetCodec.importItems(jsonText: text, importedAt: Date())
        #expect(back == [Self.full, minimal])
        #expect(try JSON.parse(text)["items"]?[0]?["added_at"]?.string == "2023-11-14T22:13:20Z")
    }

    @Test func everyBadRowIsReportedWithItsIndexAndReason() throws {
        let text = #"""
        {"items": [
          {"name": "Good tee", "category": "top", "formality": 1, "color": {"name": "white", "family": "white"}},
          {"name": "", "category": "hat", "formality": 9, "color": {"name": "red", "family": "red"}},
          "not an object",
          {"name": "Loafers", "category": "shoes", "formality": 3, "color": {"name": "tan", "family": "tan"},
           "added_at": "yesterday", "leg_shape": "wide"},
          {"number": 3, "name": "Shirt", "category": "top", "formality": 3, "color": {"name": "blue", "family": "blue"}},
          {"number": 3, "name": "Shirt 2", "category": "top", "formality": 3, "color": {"name": "blue", "family": "blue"}}
        ]}
        """#
        let result = try ClosetCodec.decode(jsonText: text, importedAt: TestPieces.now)
        #expect(result.items.map(\.name) == ["Good tee", "Shirt"])
        #expect(result.items[0].addedAt == TestPieces.now)
        #expect(result.problems.map(\.index) == [1, 2, 3, 5])
        #expect(result.problems[0].reason.contains("name: expected a non-empty string"))
        #expect(result.problems[0].reason.contains("category: expected one of top"))
        #expect(result.problems[0].reason.contains("formality: expected a whole number from 1 to 5"))
        #expect(result.problems[1].reason == "expected an object")
        #expect(result.problems[2].reason.contains("color: expected"))
        #expect(result.problems[2].reason.contains("added_at: expected an ISO 8601 date"))
        #expect(result.problems[2].reason.contains("leg_shape: only bottoms"))
        #expect(result.problems[3].reason == "number 3 repeats row 4")
        #expect(throws: ClosetError.self) { try ClosetCodec.importItems(jsonText: text, importedAt: TestPieces.now) }
    }

    @Test func aBareArrayImportsAndBrokenJSONIsReported() throws {
        let items = try ClosetCodec.importItems(
            jsonText: #"[{"name": "Tee", "category": "top", "formality": 1, "color": {"name": "white", "family": "white"}}]"#,
            importedAt: TestPieces.now)
        #expect(items.count == 1 && items[0].warmth == 3 && items[0].isAvailable)
        #expect(throws: ClosetError.self) { try ClosetCodec.importItems(jsonText: "[{", importedAt: TestPieces.now) }
    }
}
