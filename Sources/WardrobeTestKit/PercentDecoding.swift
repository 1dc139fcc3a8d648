/// Decodes query strings and urlencoded forms for the test fakes.
enum PercentDecoding {
    /// `a=1&b=x%20y` as ordered pairs; `+` counts as a space.
    static func pairs(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { item in
            let pieces = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(String(pieces[0])), pieces.count > 1 ? decode(String(pieces[1])) : "")
        }
    }

    /// Percent-decodes `text` as UTF-8; `+` becomes a space; bad escapes stay as written.
    static func decode(_ text: String) -> String {
        var bytes: [UInt8] = []
        var input = Array(text.utf8)[...]
        while let byte = input.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), input.count >= 2,
                      let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                input.removeFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
