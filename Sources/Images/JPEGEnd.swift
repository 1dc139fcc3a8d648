/// Whether a JPEG's data reaches its end: an EOI marker (FF D9) after the first scan (SOS).
///
/// libjpeg notices a missing end when it decodes every row at full size, but a scaled decode
/// (shrink-on-load) can finish without reading the last bytes, and a cut file then decodes as if it
/// were whole. Entropy-coded data never holds FF D9 (an FF byte in it is always followed by 00 or a
/// restart marker), so finding one after the first SOS means the file was not cut short; trailing
/// data after the end marker (some cameras add it) is allowed.
enum JPEGEnd {
    static func isComplete(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return true }
        // Walk the header segments to the first scan.
        var index = 2
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return false }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill bytes
            if marker == 0xD9 { return true }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return false }
            if marker == 0xDA {
                index += 2 + length
                break
            }
            index += 2 + length
        }
        guard index < bytes.count else { return false }
        var position = index
        while position + 1 < bytes.count {
            if bytes[position] == 0xFF, bytes[position + 1] == 0xD9 { return true }
            position += 1
        }
        return false
    }
}
