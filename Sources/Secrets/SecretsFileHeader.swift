import Sodium

/// The fixed 66-byte header in front of the ciphertext; all of it is authenticated as associated data.
///
/// Layout (integers big-endian): magic "WDSECRET" (8) · version (1) · KDF kind (1: 0 master key, 1 Argon2id)
/// · opslimit (8) · memlimit (8) · salt (16) · nonce (24). Master-key files carry zeros for the KDF fields.
struct SecretsFileHeader: Sendable, Equatable {
    /// The magic bytes every key file starts with.
    static let magic = Array("WDSECRET".utf8)
    /// The format version this build writes and reads.
    static let currentVersion: UInt8 = 1
    /// The header length in bytes.
    static let byteCount = 8 + 1 + 1 + 8 + 8 + Salt.byteCount + Nonce.byteCount

    /// How the key is derived.
    var derivation: KeyDerivation
    /// The nonce the ciphertext was sealed with.
    var nonce: Nonce

    /// The header bytes as written to the file and used as associated data.
    var bytes: [UInt8] {
        var output = Self.magic
        output.append(Self.currentVersion)
        output.append(derivation.kind)
        switch derivation {
        case .masterKey:
            output += [UInt8](repeating: 0, count: 8 + 8 + Salt.byteCount)
        case .argon2id(let limits, let salt):
            output += Self.bigEndian(limits.operations)
            output += Self.bigEndian(UInt64(limits.memory))
            output += salt.bytes
        }
        output += nonce.bytes
        return output
    }

    /// Reads the header at the start of `file`; `path` only names the file in errors.
    init(parsing file: [UInt8], path: String) throws(SecretsError) {
        guard file.count >= Self.magic.count, Array(file.prefix(Self.magic.count)) == Self.magic else {
            throw SecretsError.corruptHeader(path: path, detail: "missing magic bytes WDSECRET")
        }
        guard file.count > Self.magic.count else {
            throw SecretsError.corruptHeader(path: path, detail: "file ends after the magic bytes")
        }
        let version = file[8]
        guard version == Self.currentVersion else {
            throw SecretsError.unsupportedVersion(path: path, version: Int(version))
        }
        guard file.count >= Self.byteCount + XChaCha20Poly1305.tagByteCount else {
            throw SecretsError.corruptHeader(path: path, detail: "file is truncated at \(file.count) bytes")
        }
        let operations = Self.readBigEndian(file[10..<18])
        let memory = Self.readBigEndian(file[18..<26])
        let saltBytes = Array(file[26..<42])
        switch file[9] {
        case 0:
            guard operations == 0, memory == 0, saltBytes.allSatisfy({ $0 == 0 }) else {
                throw SecretsError.corruptHeader(path: path, detail: "master-key file with non-zero KDF fields")
            }
            derivation = .masterKey
        case 1:
            let limits = Argon2id.Limits(operations: operations, memory: Int(clamping: memory))
            guard limits.isAccepted() else {
                throw SecretsError.corruptHeader(path: path, detail: "Argon2id limits out of range (\(limits))")
            }
            derivation = .argon2id(limits, Salt(checked: saltBytes))
        case let kind:
            throw SecretsError.corruptHeader(path: path, detail: "unknown KDF kind \(kind)")
        }
        nonce = Nonce(checked: Array(file[42..<66]))
    }

    /// A header for sealing new contents.
    init(derivation: KeyDerivation, nonce: Nonce) {
        self.derivation = derivation
        self.nonce = nonce
    }

    private static func bigEndian(_ value: UInt64) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }

    private static func readBigEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}

extension Salt {
    /// A salt from bytes whose length the header layout already guarantees.
    fileprivate init(checked bytes: [UInt8]) {
        try! self.init(bytes: bytes)
    }
}

extension Nonce {
    /// A nonce from bytes whose length the header layout already guarantees.
    fileprivate init(checked bytes: [UInt8]) {
        try! self.init(bytes: bytes)
    }
}
