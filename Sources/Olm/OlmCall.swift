internal import COlm
import JSON

/// Helpers shared by the handle classes: result checks, random bytes and byte buffers.
enum OlmCall {
    /// libolm's error sentinel (`olm_error()`, `(size_t)-1`).
    static let errorValue = olm_error()

    /// `count` bytes from the system's cryptographic generator (getrandom on Linux), as libolm expects the caller to supply.
    static func randomBytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// Overwrites a buffer that held random seed material or plaintext before it is released.
    static func wipe(_ bytes: inout [UInt8]) {
        for index in bytes.indices { bytes[index] = 0 }
    }

    /// Text of ASCII/UTF-8 bytes as libolm returns them (base64, JSON).
    static func text(_ bytes: [UInt8], count: Int) -> String {
        String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// A mutable copy of `text`'s bytes: libolm overwrites several of its inputs (pickles, messages).
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}

extension OlmCall {
    /// libolm's JSON outputs (identity keys, one-time keys), parsed.
    static func parse(_ bytes: [UInt8], count: Int) throws(OlmError) -> JSON {
        do {
            return try JSON.parse(bytes: Array(bytes.prefix(count)))
        } catch {
            throw OlmError.invalidInput("libolm returned invalid JSON")
        }
    }
}
