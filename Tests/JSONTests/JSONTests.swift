import Testing
import JSON

@Suite struct JSONTests {
    @Test func parsesNestedValuesOfEveryKind() throws {
        let value = try JSON.parse(#"{"a":[1,2.5,"x",true,false,null],"b":{"c":"é\u0000z"},"big":9007199254740993}"#)
        #expect(value["a"]?[0] == .int(1))
        #expect(value["a"]?[1]?.double == 2.5)
        #expect(value["a"]?[2]?.string == "x")
        #expect(value["a"]?[3]?.bool == true)
        #expect(value["a"]?[5]?.isNull == true)
        #expect(value["b"]?["c"]?.string == "é\u{0}z")
        #expect(value["big"]?.int == 9007199254740993)
    }

    @Test func roundTripsThroughSerialization() throws {
        let value: JSON = ["name": "Navy \"blazer\"", "n": 3, "tags": ["a", "b"], "price": 79.9, "none": nil]
        let text = value.serialized()
        #expect(try JSON.parse(text) == value)
        #expect(text == #"{"n":3,"name":"Navy \"blazer\"","none":null,"price":79.9,"tags":["a","b"]}"#)
    }

    @Test func bytesOfAnySizeMatchTheTextAndUnsortedKeysKeepTheValue() throws {
        // Over the first 4 KB buffer, so the bytes are written again with room for them.
        let long = JSON.array((0..<600).map { ["name": .string("item \($0) ✓"), "n": .int(Int64($0)), "ok": true] })
        let bytes = long.serializedBytes()
        #expect(bytes.count > 4096)
        #expect(String(decoding: bytes, as: UTF8.self) == long.serialized())
        #expect(try JSON.parse(bytes: long.serializedBytes(sortingKeys: false)) == long)
        #expect(try JSON.parse(long.serialized(sortingKeys: false)) == long)
        #expect(JSON.object(["b": 1, "a": 2]).serialized() == #"{"a":2,"b":1}"#)
        #expect(JSON.null.serializedBytes() == Array("null".utf8))
        #expect(JSON.string("").serialized(sortingKeys: false) == "\"\"")
    }

    @Test func reportsWhereMalformedInputBreaks() {
        do {
            _ = try JSON.parse("{\"a\": [1, 2,\n }")
            Issue.record("expected a parse error")
        } catch {
            #expect(error.line == 2)
            #expect(error.userMessage.contains("isn't valid JSON"))
        }
        #expect(throws: JSONError.self) { try JSON.parse("") }
        #expect(throws: JSONError.self) { try JSON.parse("{\"a\":1} trailing") }
    }

    @Test func pruningLeavesOutNamedSubtreesAndDeepLevelsButKeepsScalars() throws {
        let text = #"{"product": {"name": "Coat", "related": [{"name": "Hat"}], "reviews": 12, "sizes": [["S"], ["M"]]}, "deep": {"a": {"b": {"c": 1}}}}"#
        let pruning = JSONPruning(maximumDepth: 2) { $0 == "related" || $0 == "reviews" }
        let pruned = try JSON.parse(bytes: Array(text.utf8), pruning: pruning)
        #expect(pruned["product"]?["name"] == .string("Coat"))
        #expect(pruned["product"]?["related"] == nil)
        // A scalar under a pruned key stays: only objects and arrays are left out.
        #expect(pruned["product"]?["reviews"] == .int(12))
        // Level 2 is copied, level 3 becomes null.
        #expect(pruned["product"]?["sizes"] == .array([.null, .null]))
        #expect(pruned["deep"]?["a"] == .object(["b": .null]))
        #expect(try JSON.parse(bytes: Array(text.utf8), pruning: nil) == JSON.parse(text))
    }

    @Test func scalarsParseAtTopLevel() throws {
        #expect(try JSON.parse("42") == .int(42))
        #expect(try JSON.parse("\"hi\"") == .string("hi"))
    }
}
