import Foundation
import JSON
import Support
import Testing
@testable import Closet

@Suite struct ClosetLimitsTests {
    static func row(_ extra: String = "", name: String = "Navy blazer") -> String {
        #"{"name": "\#(name)", "category": "outerwear", "formality": 4, "color": {"name": "navy", "family": "navy"}\#(extra)}"#
    }

    @Test func aPriceIsFiniteAndWithinTenMillionWithAThreeLetterCurrency() throws {
        for bad in [Double.infinity, -.infinity, .nan, -0.01, 1e20, 10_000_000.01, Double.greatestFiniteMagnitude] {
            #expect(throws: ClosetError.self, "\(bad)") { try Price(amount: bad) }
        }
        #expect(try Price(amount: 10_000_000).formatted == "10000000")
        #expect(try Price(amount: 79.9, currency: "eur").formatted == "79.90 EUR")
        #expect(try Price(amount: 0.05).formatted == "0.05")
        #expect(throws: ClosetError.invalidCurrency("EURO")) { try Price(amount: 1, currency: "EURO") }
        #expect(throws: ClosetError.invalidCurrency("€")) { try Price(amount: 1, currency: "€") }
    }

    @Test func aClosetFileRowWithAHugePriceOrTextIsRejectedWithItsReason() throws {
        let rows = [
            Self.row(#", "price": 1e20"#),
            Self.row(#", "price": 12, "currency": "dollars""#),
            Self.row(name: String(repeating: "x", count: 1_000_000)),
            Self.row(#", "brand": "\#(String(repeating: "b", count: 81))""#),
            Self.row(#", "price": 12.5, "currency": "usd""#),
        ]
        let result = try ClosetCodec.decode(jsonText: "[" + rows.joined(separator: ",") + "]", importedAt: Date())
        #expect(result.problems.map(\.index) == [0, 1, 2, 3])
        #expect(result.problems[0].reason.contains("price: expected a number from 0 to 10000000"))
        #expect(result.problems[1].reason.contains("currency: at most 3 characters"))
        #expect(result.problems[2].reason.contains("name: at most 120 characters"))
        #expect(result.problems[3].reason.contains("brand: at most 80 characters"))
        #expect(result.items.map(\.price) == [try Price(amount: 12.5, currency: "USD")])
    }

    @Test func aClosetFileOverTheItemOrByteLimitIsRefusedBeforeAnyRowIsRead() throws {
        let many = "[" + Array(repeating: Self.row(), count: ClosetCodec.maximumItems + 1).joined(separator: ",") + "]"
        #expect(throws: ClosetError.tooManyItems(count: ClosetCodec.maximumItems + 1, limit: ClosetCodec.maximumItems)) {
            try ClosetCodec.decode(jsonText: many, importedAt: Date())
        }
        let huge = "[" + String(repeating: " ", count: ClosetCodec.maximumFileBytes) + "]"
        #expect(throws: ClosetError.fileTooLarge(bytes: ClosetCodec.maximumFileBytes + 2, limit: ClosetCodec.maximumFileBytes)) {
            try ClosetCodec.decode(jsonText: huge, importedAt: Date())
        }
        let error = ClosetError.tooManyItems(count: 96_000, limit: ClosetCodec.maximumItems)
        #expect(error.userMessage.contains("at most 5000"))
    }

    @Test func webPageTextIsCutToTheLimitWhileTypedTextIsRefused() throws {
        let long = String(repeating: "word ", count: 100)
        let cut = ItemField.name.truncate(long)
        #expect(cut.count <= ItemField.name.maximumLength)
        #expect(cut.hasSuffix("…"))
        #expect(throws: ClosetError.textTooLong(.name)) { try ItemField.name.check(long) }
        #expect(try ItemField.name.check("Navy blazer") == "Navy blazer")
        var item = ClosetItem(name: long, category: .top, formality: 2, color: ItemColor(name: long, family: .navy))
        item.sourceURL = "https://shop.example/" + String(repeating: "p", count: 3000)
        #expect(throws: ClosetError.textTooLong(.name)) { try item.checkLimits() }
        let truncated = item.truncatedToLimits()
        try truncated.checkLimits()
        #expect(truncated.sourceURL == nil)
    }

    @Test func importingTheSameFileTwiceAddsEachPieceOnceButKeepsRealTwins() throws {
        let text = "[" + [Self.row(), Self.row(), Self.row(name: "White shirt")].joined(separator: ",") + "]"
        let first = try ClosetCodec.importItems(jsonText: text, importedAt: Date(timeIntervalSince1970: 1))
        #expect(ClosetItem.newPieces(first, existing: []).count == 3)
        var stored = first
        for index in stored.indices { stored[index].number = index + 1; stored[index].wearCount = 4 }
        let again = try ClosetCodec.importItems(jsonText: text, importedAt: Date(timeIntervalSince1970: 2))
        #expect(ClosetItem.newPieces(again, existing: stored).isEmpty)
        #expect(ClosetItem.newPieces(again, existing: Array(stored.dropFirst())).map(\.name) == ["Navy blazer"])
    }

    @Test func aMisspelledOccasionResolvesToTheOneClosestNameAndSaysSo() throws {
        let catalog = try OccasionCatalog(jsonText: OccasionCatalogTests.configText)
        let match = try catalog.match("buisness")
        #expect(match.occasion.name == "business casual")
        #expect(match.note == "No occasion \"buisness\" — showing business casual.")
        #expect(try catalog.match("business").note == nil)
        #expect(throws: ClosetError.self) { try catalog.match("party") }
        #expect(throws: ClosetError.self) { try catalog.match(String(repeating: "z", count: 100_000)) }
        #expect(EditDistance.between(Array("kitten"), Array("sitting")) == 3)
    }
}
