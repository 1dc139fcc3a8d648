/// ASCII byte classes for the loops that read pages and scripts byte by byte (inlinable, so a
/// loop in another module pays no call per byte).
public enum ASCIIByte {
    /// Space, tab, line feed, carriage return or form feed: HTML's whitespace, and JavaScript's between tokens.
    @inlinable public static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C
    }

    /// `0`–`9`.
    @inlinable public static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    /// `A`–`Z` or `a`–`z`.
    @inlinable public static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 }
}
