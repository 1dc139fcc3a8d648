/// Attribute values the scan moves out of gumbo's copy of the page and the tree reads back.
///
/// gumbo spends most of its time on attribute values (it handles them one character at a
/// time), and on shop pages they are three quarters of the markup it sees: long class lists,
/// tracking URLs. A value is only moved when reading it back gives exactly what gumbo would
/// have made of it: no carriage return or NUL (gumbo rewrites those) and no character
/// reference other than the plain ones decoded here.
enum AttributeValueText {
    /// Values at least this long are moved; shorter ones cost gumbo little.
    static let movedLength = 16
    /// The start of a reference (U+E000, a private-use character, then the decimal index; gumbo
    /// would replace a control character). A page value that starts with it is always moved or
    /// left out, so gumbo's output holds only the scan's references.
    static let marker: [UInt8] = [0xEE, 0x80, 0x80]

    /// Whether `value` starts with the marker.
    static func startsWithMarker(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        value.count >= marker.count && value[0] == marker[0] && value[1] == marker[1] && value[2] == marker[2]
    }
    /// References longer than this are not ours.
    private static let longestIndex = 9

    /// Whether `value` reads back exactly as gumbo would decode it.
    static func canMove(_ value: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < value.count {
            let byte = value[index]
            if byte == 0x0D || byte == 0x00 { return false }
            if byte == 0x26 {
                guard let reference = reference(in: value, at: index) else { return false }
                index += reference.length
            } else {
                index += 1
            }
        }
        return true
    }

    /// The index a gumbo attribute value refers to, or nil when it is not a reference.
    static func movedIndex(_ value: UnsafePointer<CChar>) -> Int? {
        // A C string: each byte is read only after the ones before it were not NUL.
        for (offset, expected) in marker.enumerated() where UInt8(bitPattern: value[offset]) != expected { return nil }
        var index = 0
        var offset = marker.count
        while offset <= longestIndex + marker.count {
            let byte = UInt8(bitPattern: value[offset])
            if byte == 0 { return offset > marker.count ? index : nil }
            guard byte >= 0x30 && byte <= 0x39 else { return nil }
            index = index * 10 + Int(byte - 0x30)
            offset += 1
        }
        return nil
    }

    /// The text of a moved value, its character references decoded (`canMove` held for it).
    static func text(_ value: UnsafeBufferPointer<UInt8>) -> String {
        guard value.contains(0x26) else { return String(decoding: value, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(value.count)
        var index = 0, plainStart = 0
        while index < value.count {
            if value[index] == 0x26, let reference = reference(in: value, at: index) {
                // The plain run before the reference in one copy, then the character's own bytes.
                decoded.append(contentsOf: UnsafeBufferPointer(rebasing: value[plainStart..<index]))
                UTF8.encode(reference.scalar) { decoded.append($0) }
                index += reference.length
                plainStart = index
            } else {
                index += 1
            }
        }
        decoded.append(contentsOf: UnsafeBufferPointer(rebasing: value[plainStart..<value.count]))
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The plain reference at `start` (an `&`): `&amp;`, `&quot;`, `&lt;`, `&gt;`, `&apos;`,
    /// `&nbsp;`, or a decimal or hex number of a printable character, with its semicolon.
    private static func reference(in value: UnsafeBufferPointer<UInt8>, at start: Int) -> (length: Int, scalar: Unicode.Scalar)? {
        var end = start + 1
        while end < value.count, end - start <= 10, value[end] != 0x3B { end += 1 }
        guard end < value.count, value[end] == 0x3B, end > start + 1 else { return nil }
        let body = UnsafeBufferPointer(rebasing: value[(start + 1)..<end])
        let length = end - start + 1
        if body[0] == 0x23 {  // '#'
            var number: UInt32 = 0
            let hex = body.count > 1 && (body[1] | 0x20) == 0x78
            let digits = body.dropFirst(hex ? 2 : 1)
            guard !digits.isEmpty, digits.count <= 7 else { return nil }
            for byte in digits {
                let digit: UInt32
                switch byte {
                case 0x30...0x39: digit = UInt32(byte - 0x30)
                case 0x61...0x66 where hex: digit = UInt32(byte - 0x61 + 10)
                case 0x41...0x46 where hex: digit = UInt32(byte - 0x41 + 10)
                default: return nil
                }
                number = number * (hex ? 16 : 10) + digit
            }
            // gumbo rewrites NUL, C1 controls, surrogates and out-of-range numbers; those stay with it.
            let plain = number == 0x09 || number == 0x0A || (0x20...0x7E).contains(number) || (0xA0...0xD7FF).contains(number)
                || (0xE000...0x10FFFF).contains(number)
            guard plain, let scalar = Unicode.Scalar(number) else { return nil }
            return (length, scalar)
        }
        for (name, scalar) in named where name.count == body.count && name.elementsEqual(body) {
            return (length, scalar)
        }
        return nil
    }

    private static let named: [(name: [UInt8], scalar: Unicode.Scalar)] = [
        (Array("amp".utf8), "&"), (Array("quot".utf8), "\""), (Array("lt".utf8), "<"), (Array("gt".utf8), ">"),
        (Array("apos".utf8), "'"), (Array("nbsp".utf8), "\u{A0}"),
    ]
}
