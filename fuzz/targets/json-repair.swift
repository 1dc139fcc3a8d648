import JSON
@testable import ProductImport

/// The tolerant JSON-LD repair over whatever a shop ships in a script tag, as the JSON-LD and
/// script-state extractors call it; each result then goes through the strict parser, as theirs do.
///
/// Callers drop output the strict parser refuses, so invalid output is lost data, not a crash:
/// this target looks for traps and memory errors only.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONRepair(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    for value in JSONRepair.values(in: input.text) {
        _ = try? JSON.parse(value)
    }
    // A value at an arbitrary offset with Nuxt-style substitutions, as ScriptState reads function payloads.
    let offset = input.bytes.first.map { Int($0) % max(1, input.bytes.count) } ?? 0
    if let (json, end) = JSONRepair.value(in: input.bytes, at: offset, substitutions: ["a": "1", "b": "\"x\""]) {
        // `end` may pass the input by one after an unterminated string inside `(…)` (see
        // docs/hardening.md, "Fuzzing"); every caller checks it against the count, so only the start is checked.
        precondition(end >= offset, "the repair ended at \(end), before it started at \(offset)")
        _ = try? JSON.parse(json)
    }
    return 0
}
