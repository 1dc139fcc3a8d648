import JSON
@testable import ProductImport
import Testing

/// State objects assigned in inline scripts, found in one pass per marker prefix.
@Suite struct ScriptStateTests {
    @Test func readsAssignmentsInMarkerOrderAndSkipsReads() throws {
        let script = #"if (window.__STATE__) {}; window.__INITIAL_STATE__ = {"x": 1}; window.__STATE__={"y": 2}; dataLayer.push({"z": 3});"#
        let values = ScriptState.values(in: script)
        #expect(values == [try JSON.parse(#"{"x": 1}"#), try JSON.parse(#"{"y": 2}"#), try JSON.parse(#"{"z": 3}"#)])
    }

    @Test func boundsTheOccurrencesOfOneMarker() {
        let script = String(repeating: "f(__DATA__);", count: 300) + #"window.__DATA__ = {"late": true};"#
        let offsets = ScriptState.occurrences(in: Array(script.utf8))
        let data = ScriptState.markers.firstIndex(of: Array("__DATA__".utf8))!
        #expect(offsets[data].count == 256)
        #expect(ScriptState.values(in: script).isEmpty)
    }

    /// The search at each marker's rarest byte finds what a plain search finds, at every offset, in texts made of the
    /// markers' own pieces (overlapping "___DATA__", "dataLayerdataLayer", a marker cut at the end).
    @Test func findsEveryMarkerWhereAPlainSearchDoes() {
        var generator = SystemRandomNumberGenerator()
        let pieces = ScriptState.markers.map { String(decoding: $0, as: UTF8.self) } + ["_", "__", "L", "S", "v", "d", "data", "a", " ", "="]
        for _ in 0..<300 {
            let count = Int.random(in: 0...24, using: &generator)
            var text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            if Bool.random(using: &generator) { text = String(text.dropLast(Int.random(in: 0...3, using: &generator))) }
            let bytes = Array(text.utf8)
            let found = ScriptState.occurrences(in: bytes)
            for (index, marker) in ScriptState.markers.enumerated() {
                let plain = bytes.count < marker.count ? [] : (0...(bytes.count - marker.count)).filter { bytes[$0...].starts(with: marker) }
                #expect(found[index] == Array(plain.prefix(256)), "\(text)")
            }
        }
    }
}
