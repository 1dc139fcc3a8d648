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
}
