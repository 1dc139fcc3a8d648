/// Builds a little-endian TIFF/EXIF block with orientation, camera make, serial number and GPS position.
enum ExifBuilder {
    private struct Entry {
        let tag: UInt16
        let type: UInt16  // 2 ASCII, 3 SHORT, 4 LONG, 5 RATIONAL
        let count: UInt32
        let data: [UInt8]
    }

    /// The TIFF bytes (without the "Exif\0\0" prefix) for a photo with `orientation`, GPS and a body serial number.
    static func photoExif(orientation: UInt16, serial: String = "SN12345678") -> [UInt8] {
        // Layout: header | IFD0 + its data | Exif IFD + its data | GPS IFD + its data.
        let make = Entry(tag: 0x010F, type: 2, count: 6, data: Array("Canon\0".utf8))
        let orientationEntry = Entry(tag: 0x0112, type: 3, count: 1, data: le16(orientation) + [0, 0])
        let serialEntry = Entry(tag: 0xA431, type: 2, count: UInt32(serial.utf8.count + 1), data: Array(serial.utf8) + [0])
        let latitudeRef = Entry(tag: 0x0001, type: 2, count: 2, data: Array("N\0".utf8) + [0, 0])
        let latitude = Entry(tag: 0x0002, type: 5, count: 3, data: [48, 1, 51, 1, 30, 1].flatMap { le32($0) })

        let ifd0Offset = 8
        let ifd0Size = blockSize(entryCount: 4, external: [make.data])
        let exifOffset = ifd0Offset + ifd0Size
        let exifSize = blockSize(entryCount: 1, external: [serialEntry.data])
        let gpsOffset = exifOffset + exifSize

        let exifPointer = Entry(tag: 0x8769, type: 4, count: 1, data: le32(UInt32(exifOffset)))
        let gpsPointer = Entry(tag: 0x8825, type: 4, count: 1, data: le32(UInt32(gpsOffset)))

        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(UInt32(ifd0Offset))
        tiff += block([make, orientationEntry, exifPointer, gpsPointer], at: ifd0Offset)
        tiff += block([serialEntry], at: exifOffset)
        tiff += block([latitudeRef, latitude], at: gpsOffset)
        return tiff
    }

    private static func blockSize(entryCount: Int, external: [[UInt8]]) -> Int {
        2 + 12 * entryCount + 4 + external.map { $0.count + $0.count % 2 }.reduce(0, +)
    }

    /// One IFD (entries sorted by tag) followed by the values too big to sit inline.
    private static func block(_ entries: [Entry], at offset: Int) -> [UInt8] {
        var dataOffset = offset + 2 + 12 * entries.count + 4
        var table: [UInt8] = le16(UInt16(entries.count))
        var external: [UInt8] = []
        for entry in entries {
            table += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            if entry.data.count <= 4 {
                table += entry.data + Array(repeating: 0, count: 4 - entry.data.count)
            } else {
                table += le32(UInt32(dataOffset))
                let padded = entry.data + (entry.data.count % 2 == 1 ? [0] : [])
                external += padded
                dataOffset += padded.count
            }
        }
        return table + le32(0) + external
    }

    private static func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }

    private static func le32(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }
}
