import JSON
import Localization
import Testing

@testable import Bot

/// A button's payload is read as typed, range-checked values: anything missing, mistyped or out of
/// range refuses the press with one clear message instead of acting on item 0 or page -1.
@Suite struct ButtonArgumentsTests {
    static func refused(_ body: () throws -> Void) -> Bool {
        do {
            try body()
            return false
        } catch let error as LocalizedUserMessageError {
            return error.message.key == "chat.button.unreadable"
        } catch {
            return false
        }
    }

    @Test func numbersAreReadInsideTheirRangeAndRefusedOutsideIt() throws {
        let arguments = ButtonArguments(payload: ["number": 12, "page": -1, "big": .int(Int64.max), "text": "7"])
        #expect(try arguments.int("number", in: 1...100) == 12)
        #expect(Self.refused { _ = try arguments.int("number", in: 13...100) })
        #expect(Self.refused { _ = try arguments.optionalInt("page", in: 0...10) })
        #expect(Self.refused { _ = try arguments.int("big", in: 1...1_000_000) })
        #expect(Self.refused { _ = try arguments.int("text", in: 1...100) })
        #expect(Self.refused { _ = try arguments.int("missing", in: 1...100) })
        #expect(try arguments.optionalInt("missing", in: 1...100) == nil)
    }

    @Test func idsMustBePositiveAndBounded() throws {
        #expect(try ButtonArguments(payload: ["ids": [3, 4]]).ids("ids") == [3, 4])
        #expect(Self.refused { _ = try ButtonArguments(payload: ["ids": [3, 0]]).ids("ids") })
        #expect(Self.refused { _ = try ButtonArguments(payload: ["ids": []]).ids("ids") })
        #expect(Self.refused { _ = try ButtonArguments(payload: ["ids": .array(Array(repeating: 1, count: 65))]).ids("ids") })
        #expect(Self.refused { _ = try ButtonArguments(payload: ["vote": -5]).id("vote") })
    }

    @Test func textsAndNamedValuesAreBoundedAndMustBeKnown() throws {
        let arguments = ButtonArguments(payload: ["language": "de", "long": .string(String(repeating: "x", count: 600)), "lines": ["a", 1]])
        #expect(try arguments.value("language", as: Language.self) == .de)
        #expect(Self.refused { _ = try ButtonArguments(payload: ["language": "xx"]).value("language", as: Language.self) })
        #expect(try arguments.optionalValue("missing", as: Language.self) == nil)
        #expect(Self.refused { _ = try arguments.string("long") })
        #expect(Self.refused { _ = try arguments.strings("lines") })
        #expect(try arguments.strings("missing").isEmpty)
    }
}
