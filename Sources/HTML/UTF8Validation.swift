/// Checks bytes for well-formed UTF-8 without making a string of them (a page-sized copy).
enum UTF8Validation {
    /// Whether `bytes` are well-formed UTF-8: no stray continuation bytes, no overlong forms,
    /// no surrogates, nothing above U+10FFFF, no sequence cut off at the end.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return true }
            let count = buffer.count
            var index = 0
            while index < count {
                // Runs of ASCII are most of a page; eight bytes at a time.
                while index + 8 <= count {
                    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    index += 8
                }
                guard index < count else { return true }
                let lead = buffer[index]
                if lead < 0x80 { index += 1; continue }
                let length: Int
                var lower: UInt8 = 0x80, upper: UInt8 = 0xBF
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lower = 0xA0
                case 0xE1...0xEC, 0xEE, 0xEF: length = 3
                case 0xED: length = 3; upper = 0x9F
                case 0xF0: length = 4; lower = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upper = 0x8F
                default: return false
                }
                guard index + length <= count else { return false }
                let second = buffer[index + 1]
                guard second >= lower && second <= upper else { return false }
                for offset in 2..<max(2, length) where buffer[index + offset] & 0xC0 != 0x80 { return false }
                index += length
            }
            return true
        }
    }
}
