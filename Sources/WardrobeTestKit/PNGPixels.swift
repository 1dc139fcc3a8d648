/// Reads an 8-bit RGB or RGBA, non-interlaced PNG into pixels without libpng or libvips, so a test can check
/// an image the bot drew with a decoder that shares no code with the one that wrote it.
///
/// Written from the PNG specification (RFC 2083) and DEFLATE (RFC 1951): chunks, zlib stream, stored, fixed
/// and dynamic Huffman blocks, and the five scanline filters. Anything else is an error.
public struct PNGPixels: Sendable {
    public let width: Int
    public let height: Int
    /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
    public let channels: Int
    private let data: [UInt8]

    /// Decodes `bytes`; throws `TestKitError` for anything that is not a PNG this reader supports.
    public init(_ bytes: [UInt8]) throws(TestKitError) {
        guard bytes.count > 8, Array(bytes[0..<8]) == [137, 80, 78, 71, 13, 10, 26, 10] else { throw Self.failure("not a PNG") }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        while offset + 8 <= bytes.count {
            let length = Int(Self.bigEndian(bytes, offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            guard offset + 12 + length <= bytes.count else { throw Self.failure("chunk \(type) runs past the end") }
            let body = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            if type == "IHDR" { header = body }
            if type == "IDAT" { compressed += body }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Self.failure("no IHDR") }
        width = Int(Self.bigEndian(header, 0))
        height = Int(Self.bigEndian(header, 4))
        guard header[8] == 8, header[12] == 0, header[9] == 2 || header[9] == 6 else {
            throw Self.failure("only 8-bit RGB/RGBA, non-interlaced (depth \(header[8]), colour type \(header[9]))")
        }
        channels = header[9] == 6 ? 4 : 3
        guard compressed.count > 2 else { throw Self.failure("no image data") }
        var inflater = Inflater(Array(compressed.dropFirst(2)))
        let raw = try inflater.inflate()
        data = try Self.unfilter(raw, width: width, height: height, channels: channels)
    }

    /// The colour at `x`,`y` as red, green, blue.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let start = (y * width + x) * channels
        return (data[start], data[start + 1], data[start + 2])
    }

    private static func unfilter(_ raw: [UInt8], width: Int, height: Int, channels: Int) throws(TestKitError) -> [UInt8] {
        let stride = width * channels
        guard raw.count == height * (stride + 1) else { throw failure("image data is \(raw.count) bytes, expected \(height * (stride + 1))") }
        var out = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            for column in 0..<stride {
                let value = raw[row * (stride + 1) + 1 + column]
                let left = column >= channels ? Int(out[row * stride + column - channels]) : 0
                let up = row > 0 ? Int(out[(row - 1) * stride + column]) : 0
                let corner = row > 0 && column >= channels ? Int(out[(row - 1) * stride + column - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - corner
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - corner))
                    predictor = a <= b && a <= c ? left : b <= c ? up : corner
                default: throw failure("unknown filter \(filter)")
                }
                out[row * stride + column] = UInt8(truncatingIfNeeded: Int(value) + predictor)
            }
        }
        return out
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    static func failure(_ text: String) -> TestKitError { TestKitError("PNG: \(text)") }
}

/// A DEFLATE decoder (RFC 1951).
private struct Inflater {
    private let input: [UInt8]
    private var position = 0
    private var bitBuffer: UInt32 = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    init(_ input: [UInt8]) { self.input = input }

    /// Canonical Huffman code as counts per length and symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    mutating func inflate() throws(TestKitError) -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try block(Self.fixedLiterals, Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try block(literals, distances)
            default: throw PNGPixels.failure("bad block type")
            }
        }
        return output
    }

    private mutating func bits(_ count: Int) throws(TestKitError) -> Int {
        while bitCount < count {
            guard position < input.count else { throw PNGPixels.failure("deflate stream ends early") }
            bitBuffer |= UInt32(input[position]) << UInt32(bitCount)
            position += 1
            bitCount += 8
        }
        let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
        bitBuffer >>= UInt32(count)
        bitCount -= count
        return value
    }

    private mutating func stored() throws(TestKitError) {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw PNGPixels.failure("stored block header cut") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        position += 4
        guard position + length <= input.count else { throw PNGPixels.failure("stored block cut") }
        output += input[position..<(position + length)]
        position += length
    }

    private mutating func decode(_ code: Huffman) throws(TestKitError) -> Int {
        var value = 0, first = 0, index = 0
        for length in 1..<16 {
            value |= try bits(1)
            let count = code.counts[length]
            if value - count < first { return code.symbols[index + (value - first)] }
            index += count
            first = (first + count) << 1
            value <<= 1
        }
        throw PNGPixels.failure("bad Huffman code")
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let fixedLiterals = Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    private mutating func block(_ literals: Huffman, _ distances: Huffman) throws(TestKitError) {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw PNGPixels.failure("bad length symbol") }
                let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
                let distanceIndex = try decode(distances)
                guard distanceIndex < 30 else { throw PNGPixels.failure("bad distance symbol") }
                let distance = Self.distanceBase[distanceIndex] + (try bits(Self.distanceExtra[distanceIndex]))
                guard distance <= output.count else { throw PNGPixels.failure("distance past the start") }
                for _ in 0..<length { output.append(output[output.count - distance]) }
            }
        }
    }

    private mutating func dynamicTables() throws(TestKitError) -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257, distanceCount = try bits(5) + 1, codeCount = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
        let lengthCode = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(lengthCode)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw PNGPixels.failure("repeat with nothing before") }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        return (Huffman(lengths: Array(lengths[0..<literalCount])), Huffman(lengths: Array(lengths[literalCount..<(literalCount + distanceCount)])))
    }
}
