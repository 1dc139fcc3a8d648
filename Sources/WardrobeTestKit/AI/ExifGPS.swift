/// Finds (and, for tests, plants) an EXIF GPS block in a JPEG, so fakes can refuse photos that leak a location.
public enum ExifGPS {
    /// Whether the JPEG carries an APP1 Exif segment whose first IFD points at a GPS IFD (tag 0x8825).
    public static func hasGPS(_ jpeg: [UInt8]) -> Bool {
        guard let tiff = exifPayload(jpeg) else { return false }
        guard let found = firstIFDHasGPSPointer(tiff) else {
            // An Exif block we cannot walk: be strict and look for the bare word.
            return containsASCII("GPS", in: tiff)
        }
        return found
    }

    /// Whether the JPEG carries any APP1 Exif segment.
    public static func hasExif(_ jpeg: [UInt8]) -> Bool {
        exifPayload(jpeg) != nil
    }

    /// A copy of `jpeg` with an Exif segment holding a GPS IFD (GPSVersionID 2.2.0.0) right after SOI.
    public static func addingGPS(to jpeg: [UInt8]) -> [UInt8] {
        // Big-endian TIFF: header, IFD0 with one GPS pointer entry, then the GPS IFD with one entry.
        let tiff: [UInt8] = [
            0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,
            0x00, 0x01, 0x88, 0x25, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x1A, 0x00, 0x00, 0x00, 0x00,
            0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x04, 0x02, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ]
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        guard jpeg.count > 2 else { return jpeg }
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// The TIFF bytes after "Exif\0\0" in the first Exif APP1 segment, walking the segments up to the scan.
    static func exifPayload(_ jpeg: [UInt8]) -> ArraySlice<UInt8>? {
        guard jpeg.count > 4, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var position = 2
        while position + 4 <= jpeg.count {
            guard jpeg[position] == 0xFF else { return nil }
            let marker = jpeg[position + 1]
            if marker == 0xFF { position += 1; continue }
            if marker == 0xDA || marker == 0xD9 { return nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { position += 2; continue }
            let length = Int(jpeg[position + 2]) << 8 | Int(jpeg[position + 3])
            let end = position + 2 + length
            guard length >= 2, end <= jpeg.count else { return nil }
            let data = jpeg[(position + 4)..<end]
            if marker == 0xE1, data.starts(with: Array("Exif".utf8) + [0, 0]) {
                return data.dropFirst(6)
            }
            position = end
        }
        return nil
    }

    /// True or false when IFD0 can be read, nil when the TIFF structure is damaged.
    private static func firstIFDHasGPSPointer(_ tiff: ArraySlice<UInt8>) -> Bool? {
        let bytes = Array(tiff)
        guard bytes.count >= 8 else { return nil }
        let little: Bool
        switch (bytes[0], bytes[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, offset + size <= bytes.count else { return nil }
            let slice = bytes[offset..<(offset + size)]
            return (little ? Array(slice.reversed()) : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
        }
        guard let ifd = read(4, 4), let count = read(ifd, 2) else { return nil }
        for entry in 0..<count {
            guard let tag = read(ifd + 2 + entry * 12, 2) else { return nil }
            if tag == 0x8825 { return true }
        }
        return false
    }

    private static func containsASCII(_ word: String, in bytes: ArraySlice<UInt8>) -> Bool {
        let needle = Array(word.utf8)
        guard bytes.count >= needle.count else { return false }
        let array = Array(bytes)
        return (0...(array.count - needle.count)).contains { Array(array[$0..<($0 + needle.count)]) == needle }
    }
}
