#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import HTML
import JSON

/// Finds state objects assigned in inline scripts, e.g. `window.__INITIAL_STATE__ = {…};`
/// or Nuxt 2's `window.__NUXT__=(function(a,b){return {…}}(1,"x"))`.
enum ScriptState {
    /// Assignment targets that hold page state on common shop stacks.
    static let markers = [
        "__NUXT__", "__INITIAL_STATE__", "__PRELOADED_STATE__", "__APOLLO_STATE__", "__APP_STATE__",
        "__STATE__", "__DATA__", "__PRODUCT__", "var meta", "ShopifyAnalytics.meta", "dataLayer.push", "dataLayer",
    ].map { Array($0.utf8) }

    /// The JSON values assigned to known markers in `script`.
    static func values(in script: String) -> [JSON] {
        values(in: Array(script.utf8))
    }

    /// The JSON values assigned to known markers in a script's UTF-8 source, marker by marker, then
    /// the objects handed to `JSON.parse('…')` anywhere (`GV.set('initialData', JSON.parse('{…}'))`).
    static func values(in bytes: [UInt8]) -> [JSON] {
        var values: [JSON] = []
        // `JSON.parse(` calls already read as a marker's value, so the general pass skips them.
        var readCalls: Set<Int> = []
        let found = occurrences(in: bytes)
        for (marker, offsets) in zip(markers, found) {
            for offset in offsets where values.count < 8 {
                guard let value = value(after: offset + marker.count, in: bytes, readCalls: &readCalls) else { continue }
                values.append(value)
            }
        }
        for offset in found[markers.count] where values.count < 8 && !readCalls.contains(offset) {
            if let value = JavaScriptString.parsedObject(in: bytes, at: offset + jsonParseCall.count) { values.append(value) }
        }
        for offset in found[markers.count + 1] where values.count < 8 {
            if let value = gtagViewItem(at: offset, in: bytes) { values.append(value) }
        }
        return values
    }

    /// The markers, then the `JSON.parse(` call and the `view_item` event, looked for in one search.
    private static let searched = markers + [jsonParseCall, viewItem]
    private static let searchedGroups = anchorGroups(searched)

    private static let viewItem = Array("view_item".utf8), gtagCall = Array("gtag(".utf8)

    /// `gtag("event", "view_item", {…})`: the parameters, as the `dataLayer` form of the same event
    /// (`{"event": "view_item", "ecommerce": {…}}`) so `AnalyticsProduct` reads both alike.
    private static func gtagViewItem(at found: Int, in bytes: [UInt8]) -> JSON? {
        // The call starts at most 40 bytes before the event name, and the name is a whole string.
        let lookBack = max(0, found - 40)
        guard find(gtagCall, in: Array(bytes[lookBack..<found]), from: 0) != nil else { return nil }
        var cursor = found + viewItem.count
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { return nil }
        cursor += 1
        while cursor < bytes.count, ASCIIByte.isSpace(bytes[cursor]) || bytes[cursor] == UInt8(ascii: ",") { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{"),
              let repaired = JSONRepair.value(in: bytes, at: cursor), let parameters = try? JSON.parse(repaired.json) else { return nil }
        return .object(["event": .string("view_item"), "ecommerce": parameters])
    }

    /// `JSON.parse(`, whose argument is a string literal holding the state.
    private static let jsonParseCall = Array("JSON.parse(".utf8)

    /// Where each searched text occurs, in the order of `searched` (the markers first), at most 256 times each so a hostile
    /// script cannot grow the lists: one memchr pass per anchor byte (`anchorGroups`), each hit checked against the texts
    /// anchored there. A shop's scripts are hundreds of kilobytes, and a pass that stops at every "d" or "v" of them costs
    /// more than the whole search should.
    static func occurrences(in bytes: [UInt8]) -> [[Int]] {
        var offsets = [[Int]](repeating: [], count: searched.count)
        // Every hit of an anchor byte is compared with its needles: the loop touches only raw buffers, as a retain per
        // hit (of a needle array or a group's list) cost more than the comparisons.
        bytes.withUnsafeBufferPointer { haystack in searchedBytes.withUnsafeBufferPointer { needleBytes in
            guard let base = haystack.baseAddress, let needles = needleBytes.baseAddress else { return }
            for group in searchedGroups {
                group.members.withUnsafeBufferPointer { members in
                    var cursor = 0
                    while cursor < haystack.count, let hit = memchr(base + cursor, Int32(group.byte), haystack.count - cursor) {
                        let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
                        cursor = offset + 1
                        for member in members {
                            let start = offset - member.anchor
                            guard start >= 0, start + member.count <= haystack.count,
                                  matches(base + start, needles + member.start, member.count, from: member.anchor + 1),
                                  offsets[member.needle].count < 256 else { continue }
                            offsets[member.needle].append(start)
                        }
                    }
                }
            }
        } }
        return offsets
    }

    /// Whether `count` bytes at `text` equal those at `needle`, compared from `first` on (the byte after the anchor, which
    /// differs at most hits), then from the start: a loop that stops at the first difference, cheaper than a call to
    /// memcmp for every hit of a common byte.
    private static func matches(_ text: UnsafePointer<UInt8>, _ needle: UnsafePointer<UInt8>, _ count: Int, from first: Int) -> Bool {
        var index = first
        while index < count {
            guard text[index] == needle[index] else { return false }
            index += 1
        }
        index = 0
        while index < min(first, count) {
            guard text[index] == needle[index] else { return false }
            index += 1
        }
        return true
    }

    /// The needles searched at one byte: each needle's index, where in it the byte stands, and where its bytes are in
    /// `searchedBytes`.
    private struct AnchorGroup {
        let byte: UInt8
        var members: [(needle: Int, anchor: Int, start: Int, count: Int)]
    }

    /// Every searched text's bytes, one after another, in the order of `searched`.
    private static let searchedBytes = searched.flatMap { $0 }

    /// Groups needles by the byte they are searched at: the first underscore, else the first capital, else the first
    /// byte. Underscores and capitals are several times rarer in scripts than lower-case letters ("d" is 2.5% of the
    /// corpus's inline scripts, "L" 0.4%), and the eight `__…__` markers and `view_item` share one pass.
    private static func anchorGroups(_ needles: [[UInt8]]) -> [AnchorGroup] {
        var groups: [AnchorGroup] = []
        var start = 0
        for (index, needle) in needles.enumerated() {
            defer { start += needle.count }
            guard !needle.isEmpty else { continue }
            let anchor = needle.firstIndex(of: UInt8(ascii: "_")) ?? needle.firstIndex(where: { $0 &- 0x41 < 26 }) ?? 0
            let member = (needle: index, anchor: anchor, start: start, count: needle.count)
            if let group = groups.firstIndex(where: { $0.byte == needle[anchor] }) {
                groups[group].members.append(member)
            } else {
                groups.append(AnchorGroup(byte: needle[anchor], members: [member]))
            }
        }
        return groups
    }

    /// The offset of `needle` in `bytes` at or after `start`, if present; memchr finds
    /// candidate first bytes so long scripts without the marker cost little.
    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        find(needle, in: bytes[...], from: start)
    }

    /// The index of `needle` in `bytes` at or after the index `start`, if present. memchr looks for the needle's byte
    /// at `anchor` (its first by default; a rarer one, such as the R of "var productReference", skips more), and only
    /// its hits are compared.
    static func find(_ needle: [UInt8], in bytes: ArraySlice<UInt8>, from start: Int, anchor: Int = 0) -> Int? {
        guard needle.indices.contains(anchor), start >= bytes.startIndex, start < bytes.endIndex else { return nil }
        let byte = needle[anchor]
        return bytes.withUnsafeBufferPointer { haystack -> Int? in
            let base = haystack.baseAddress!
            // Offsets within the slice's buffer; the match starts `anchor` bytes before a hit.
            var cursor = start - bytes.startIndex + anchor
            while cursor - anchor + needle.count <= haystack.count {
                guard let hit = memchr(base + cursor, Int32(byte), haystack.count - cursor) else { return nil }
                let offset = UnsafeRawPointer(hit) - UnsafeRawPointer(base) - anchor
                guard offset + needle.count <= haystack.count else { return nil }
                if memcmp(base + offset, needle, needle.count) == 0 { return bytes.startIndex + offset }
                cursor = offset + anchor + 1
            }
            return nil
        }
    }

    private static func value(after start: Int, in bytes: [UInt8], readCalls: inout Set<Int>) -> JSON? {
        // Skip `=`, `(` and spaces to the value; anything else means the marker is read, not assigned.
        var cursor = start
        var sawAssignment = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: "(") {
                sawAssignment = true
            } else if byte != 0x20 && byte != 0x0A && byte != 0x09 && byte != 0x0D {
                break
            }
            cursor += 1
        }
        guard sawAssignment, cursor < bytes.count else { return nil }
        if bytes[cursor...].starts(with: Array("function".utf8)) { return nuxtFunction(in: bytes, at: cursor) }
        // `window.__INITIAL_STATE__ = JSON.parse('{…}')`: the state as a string literal, credited to its
        // marker; the general JSON.parse pass then skips this call.
        if bytes[cursor...].starts(with: jsonParseCall) {
            readCalls.insert(cursor)
            return JavaScriptString.parsedObject(in: bytes, at: cursor + jsonParseCall.count)
        }
        guard bytes[cursor] == UInt8(ascii: "{") || bytes[cursor] == UInt8(ascii: "[") else { return nil }
        guard let repaired = JSONRepair.value(in: bytes, at: cursor) else { return nil }
        return SkippedSubtrees.parse(Array(repaired.json.utf8))
    }

    /// Evaluates the one shape of JavaScript Nuxt 2 emits: a function returning an object
    /// literal, called with the values of its parameters.
    private static func nuxtFunction(in bytes: [UInt8], at start: Int) -> JSON? {
        guard let open = bytes[start...].firstIndex(of: UInt8(ascii: "(")),
              let close = bytes[open...].firstIndex(of: UInt8(ascii: ")")),
              let returnOffset = find(Array("return".utf8), in: bytes, from: close) else { return nil }
        let parameters = String(decoding: bytes[(open + 1)..<close], as: UTF8.self).split(separator: ",").map { String($0).trimmed }
        let bodyOffset = returnOffset + 6
        guard let body = JSONRepair.value(in: bytes, at: bodyOffset) else { return nil }
        // After the body: `}(` then the arguments, separated by commas.
        var offset = body.end
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "(") { offset += 1 }
        offset += 1
        var arguments: [String] = []
        while arguments.count < parameters.count, offset < bytes.count {
            guard let argument = JSONRepair.value(in: bytes, at: offset) else { break }
            arguments.append(argument.json)
            offset = argument.end
            while offset < bytes.count, bytes[offset] == UInt8(ascii: ",") || bytes[offset] == 0x20 || bytes[offset] == 0x0A { offset += 1 }
        }
        var substitutions: [String: String] = [:]
        for (parameter, argument) in zip(parameters, arguments) { substitutions[parameter] = argument }
        guard let resolved = JSONRepair.value(in: bytes, at: bodyOffset, substitutions: substitutions) else { return nil }
        return SkippedSubtrees.parse(Array(resolved.json.utf8))
    }
}
