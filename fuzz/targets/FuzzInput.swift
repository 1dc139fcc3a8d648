/// The fuzzer's bytes with helpers to cut them into lines and parts; shared by every harness.
struct FuzzInput {
    /// Every input byte.
    let bytes: [UInt8]

    /// Copies `size` bytes from libFuzzer's buffer.
    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    /// The whole input as text, invalid UTF-8 replaced.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Line `index` (0-based, without the newline) as text; empty past the end.
    func line(_ index: Int) -> String {
        let lines = bytes.split(separator: 0x0A, maxSplits: index + 1, omittingEmptySubsequences: false)
        guard index < lines.count else { return "" }
        return String(decoding: lines[index], as: UTF8.self)
    }

    /// The bytes after the first `count` newlines; empty when there are fewer.
    func rest(afterLines count: Int) -> [UInt8] {
        var seen = 0
        for (offset, byte) in bytes.enumerated() where byte == 0x0A {
            seen += 1
            if seen == count { return Array(bytes[(offset + 1)...]) }
        }
        return []
    }

    /// The input cut at NUL bytes: a file part and extra parts, as text.
    var nulSeparatedParts: [String] {
        bytes.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }
}
