internal import CPostgres

/// Statement parameters as libpq's four parallel arrays. Text in the text format with an inferred
/// type; bytes in the binary format typed bytea. The buffers are freed by `deallocate()`.
struct EncodedParameters {
    var values: [UnsafePointer<CChar>?] = []
    var lengths: [Int32] = []
    var formats: [Int32] = []
    var types: [Oid] = []
    private var buffers: [UnsafeMutablePointer<CChar>] = []

    init(_ parameters: [PostgresValue], sql: String) throws(PostgresError) {
        for (index, parameter) in parameters.enumerated() {
            switch parameter {
            case .null:
                append(nil, length: 0, format: 0, type: 0)
            case .bytes(let bytes):
                guard bytes.count < Int32.max else { throw tooLong(index, sql) }
                append(bytes, length: Int32(bytes.count), format: 1, type: ColumnType.bytea)
            default:
                let text = Self.text(of: parameter)
                let utf8 = Array(text.utf8)
                guard !utf8.contains(0) else {
                    deallocate()
                    throw PostgresError(kind: .argument, message: "parameter $\(index + 1) holds a NUL byte, which text cannot store", sql: sql)
                }
                guard utf8.count < Int32.max else { throw tooLong(index, sql) }
                append(utf8 + [0], length: Int32(utf8.count), format: 0, type: 0)
            }
        }
    }

    /// Frees the copied buffers; call once, after the statement ran.
    func deallocate() {
        for buffer in buffers { buffer.deallocate() }
    }

    private mutating func append(_ bytes: [UInt8]?, length: Int32, format: Int32, type: Oid) {
        if let bytes {
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(bytes.count, 1))
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress ?? UnsafeRawPointer(buffer), byteCount: bytes.count)
            }
            buffers.append(buffer)
            values.append(UnsafePointer(buffer))
        } else {
            values.append(nil)
        }
        lengths.append(length)
        formats.append(format)
        types.append(type)
    }

    private func tooLong(_ index: Int, _ sql: String) -> PostgresError {
        deallocate()
        return PostgresError(kind: .argument, message: "parameter $\(index + 1) is longer than libpq can send", sql: sql)
    }

    /// PostgreSQL's text input form of a scalar.
    private static func text(of value: PostgresValue) -> String {
        switch value {
        case .text(let text): text
        case .int(let number): String(number)
        case .bool(let flag): flag ? "true" : "false"
        case .double(let number):
            number.isNaN ? "NaN" : number.isInfinite ? (number < 0 ? "-Infinity" : "Infinity") : "\(number)"
        case .null, .bytes: ""
        }
    }
}
