import JSON
@testable import ProductImport
import Testing

/// State handed to `JSON.parse('…')` in inline scripts.
@Suite struct JavaScriptStringTests {
    private func decoded(_ literal: String) -> String? {
        JavaScriptString.decoded(in: Array(literal.utf8), at: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func escapesDecodeAsJavaScriptReadsThem() {
        #expect(decoded(#"'it\'s \"x\" \\ \/ \n\t'"#) == "it's \"x\" \\ / \n\t")
        #expect(decoded(#""caf\u00e9 \x41 \ud83d\ude00""#) == "café A 😀")
        #expect(decoded(#"'\ud83d alone'"#) == "\u{FFFD} alone")
        #expect(decoded("`line\nbreak`") == "line\nbreak")
        #expect(decoded("'no close") == nil)
        #expect(decoded("'broken\nline'") == nil)
        #expect(decoded("`${state}`") == nil)
        #expect(decoded(#"'\u12'"#) == nil)
    }

    @Test func aStateObjectGivenToJSONParseIsRead() throws {
        let state = #"{\"product\":{\"name\":\"Linen Camp Shirt\",\"price\":49.9,\"sku\":\"LC-1\",\"images\":[\"https:\/\/img.example\/shirt.jpg\"],\"brand\":\"Fjordline\"}}"#
        let html = """
            <html><head><title>Linen Camp Shirt</title></head><body><div id="app"></div>
            <script>window.__INITIAL_STATE__ = JSON.parse('\(state)');</script></body></html>
            """
        let draft = try TestSupport.draft(html, url: "https://fjordline.example/p/linen-camp-shirt")
        #expect(draft.name == "Linen Camp Shirt")
        #expect(draft.price == 49.9)
        #expect(draft.sku == "LC-1")
        #expect(draft.sources[.price] == .embedded)
    }

    @Test func jsonParseAnywhereInAScriptIsRead() {
        let script = #"GV.set('initialData', JSON.parse('{"name":"Wool Scarf","salePrice":39000}'));"#
        #expect(ScriptState.values(in: script) == [try! JSON.parse(#"{"name":"Wool Scarf","salePrice":39000}"#)])
        #expect(ScriptState.values(in: "JSON.parse(data)").isEmpty)
        #expect(ScriptState.values(in: "JSON.parse('not json')").isEmpty)
    }

    @Test func jsonParseAssignedToAMarkerIsReadOnce() {
        let script = #"window.__INITIAL_STATE__ = JSON.parse('{"a":1}'); other(JSON.parse('{"b":2}'));"#
        #expect(ScriptState.values(in: script) == [try! JSON.parse(#"{"a":1}"#), try! JSON.parse(#"{"b":2}"#)])
    }
}
