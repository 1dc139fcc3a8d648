import Testing
import JSON
@testable import ProductImport

@Suite struct JSONRepairTests {
    private func repaired(_ text: String) throws -> JSON {
        let values = JSONRepair.values(in: text)
        return try JSON.parse(try #require(values.first))
    }

    @Test func lineAndBlockCommentsAreDropped() throws {
        let value = try repaired("""
        { // the product
          "name": "Tee", /* inline */ "price": 12 // trailing
        }
        """)
        #expect(value == ["name": "Tee", "price": 12])
    }

    @Test func trailingAndDoubledCommasAreDropped() throws {
        #expect(try repaired(#"{"a": [1, 2, ,3,], "b": {"c": 1,},}"#) == ["a": [1, 2, 3], "b": ["c": 1]])
    }

    @Test func rawControlCharactersInStringsAreEscaped() throws {
        #expect(try repaired("{\"d\": \"line 1\nline 2\tend\u{01}\"}") == ["d": "line 1\nline 2\tend\u{01}"])
    }

    @Test func invalidEscapesKeepTheirCharacter() throws {
        #expect(try repaired(#"{"d": "it\'s \é \x41 \u00e9"}"#) == ["d": "it's é A é"])
    }

    @Test func cdataAndCommentWrappersAreIgnored() throws {
        #expect(try repaired("//<![CDATA[\n{\"a\": 1}\n//]]>") == ["a": 1])
        #expect(try repaired("<!-- {\"a\": 2} -->") == ["a": 2])
    }

    @Test func junkAfterTheValueIsIgnored() throws {
        #expect(try repaired(#"{"a": 1}; window.x = 3; </script>"#) == ["a": 1])
    }

    @Test func javascriptLiteralsBecomeJSON() throws {
        let value = try repaired("{name: 'Joggers', price: .5, stock: undefined, tags: ['a', \"b\"], $id: NaN}")
        #expect(value == ["name": "Joggers", "price": 0.5, "stock": nil, "tags": ["a", "b"], "$id": nil])
    }

    @Test func truncatedDataKeepsItsHead() throws {
        #expect(try repaired(#"{"name": "Coat", "images": ["a.jpg", "b.j"#) == ["name": "Coat", "images": ["a.jpg", "b.j"]])
    }

    @Test func identifiersCanBeSubstituted() throws {
        let bytes = Array("{color: c, n: [a, b]}".utf8)
        let value = try #require(JSONRepair.value(in: bytes, at: 0, substitutions: ["a": "1", "b": "null", "c": "\"Ivory\""]))
        #expect(try JSON.parse(value.json) == ["color": "Ivory", "n": [1, nil]])
    }

    @Test func severalTopLevelValuesAreAllFound() {
        #expect(JSONRepair.values(in: #"{"a":1}{"b":2}"#).count == 2)
    }

    @Test func htmlEscapedBlocksAreDecodedBeforeParsing() {
        let values = JSONLDExtractor.parse("{&quot;@type&quot;:&quot;Product&quot;,&quot;name&quot;:&quot;Tee&quot;}")
        #expect(values.first?["name"] == "Tee")
    }

    @Test func strictJSONSkipsTheRepairPass() {
        #expect(JSONLDExtractor.parse(#"[{"@type":"Product"}]"#) == [[["@type": "Product"]]])
    }
}

/// Which inline scripts the embedded-data reader opens, by their `type`.
@Suite struct EmbeddedScriptKindTests {
    @Test(arguments: [
        (nil, EmbeddedDataExtractor.ScriptKind.javascript), ("text/javascript", .javascript), ("module", .javascript),
        ("application/javascript", .javascript), ("Text/JavaScript", .javascript), ("application/json", .json),
        ("Application/JSON", .json), ("text/x-magento-init+json", .json), ("application/ld+json", .other),
        ("APPLICATION/LD+JSON", .other), ("text/template", .other), ("", .other), ("text/x-handlebars", .other),
    ] as [(String?, EmbeddedDataExtractor.ScriptKind)])
    func aScriptIsReadByItsType(_ type: String?, _ kind: EmbeddedDataExtractor.ScriptKind) {
        #expect(EmbeddedDataExtractor.kind(ofType: type) == kind)
    }
}
