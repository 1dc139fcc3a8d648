internal import CSodium

/// libsodium's `crypto_secretstream_xchacha20poly1305`: a sequence of authenticated messages under one key,
/// whose order is part of the authentication and whose end is marked, so a reordered, cut or spliced stream fails.
public enum SecretStream {
    /// Bytes a sealed message adds to its plaintext (`crypto_secretstream_xchacha20poly1305_ABYTES`).
    public static var overheadByteCount: Int { Int(crypto_secretstream_xchacha20poly1305_abytes()) }

    /// What a message says about its place in the stream.
    public enum Tag: Sendable, Equatable {
        /// An ordinary message; more follow.
        case message
        /// The last message; nothing may follow it.
        case final
    }

    /// The 24-byte header that starts a stream; not secret, but needed to open it.
    public struct Header: Sendable, Equatable {
        /// The header length in bytes.
        public static let byteCount = 24

        /// The header bytes.
        public let bytes: [UInt8]

        /// A header from exactly 24 bytes read back from storage.
        public init(bytes: [UInt8]) throws(SodiumError) {
            guard bytes.count == Self.byteCount else {
                throw SodiumError.invalidLength(what: "secret stream header", expected: Self.byteCount, actual: bytes.count)
            }
            self.bytes = bytes
        }
    }
}

/// The libsodium stream state, zeroed when released; owned by exactly one sealer or opener.
final class SecretStreamState {
    /// The libsodium state; only ever passed to libsodium by address.
    var value = crypto_secretstream_xchacha20poly1305_state()

    deinit {
        withUnsafeMutableBytes(of: &value) { sodium_memzero($0.baseAddress!, $0.count) }
    }
}

/// Seals messages into one stream. Not Sendable: a stream is written by one task, message after message.
public final class SecretStreamSealer {
    /// The header to store in front of the sealed messages.
    public let header: SecretStream.Header
    private let state = SecretStreamState()
    private var finished = false

    /// Starts a stream under `key` with a fresh random header.
    public init(key: SecretKey) throws(SodiumError) {
        Libsodium.ready()
        var headerBytes = [UInt8](repeating: 0, count: SecretStream.Header.byteCount)
        let state = self.state
        let status = key.withUnsafeBytes { keyBytes in
            crypto_secretstream_xchacha20poly1305_init_push(
                &state.value, &headerBytes, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw SodiumError.encryptionFailed }
        header = try SecretStream.Header(bytes: headerBytes)
    }

    /// Seals one message; `associatedData` is authenticated but not stored. After `.final` nothing more may be sealed.
    public func seal(_ plaintext: [UInt8], tag: SecretStream.Tag = .message, associatedData: [UInt8] = []) throws(SodiumError) -> [UInt8] {
        guard !finished else { throw SodiumError.encryptionFailed }
        let tagByte = tag == .final ? crypto_secretstream_xchacha20poly1305_tag_final() : crypto_secretstream_xchacha20poly1305_tag_message()
        var output = [UInt8](repeating: 0, count: plaintext.count + SecretStream.overheadByteCount)
        var written: UInt64 = 0
        let status = plaintext.withUnsafeBufferPointer { input in
            associatedData.withUnsafeBufferPointer { data in
                crypto_secretstream_xchacha20poly1305_push(
                    &state.value, &output, &written, input.baseAddress, UInt64(input.count),
                    data.baseAddress, UInt64(data.count), tagByte)
            }
        }
        guard status == 0 else { throw SodiumError.encryptionFailed }
        if tag == .final { finished = true }
        return Array(output.prefix(Int(written)))
    }
}

/// Opens the messages of one stream in order. Not Sendable, like the sealer.
public final class SecretStreamOpener {
    private let state = SecretStreamState()
    /// True once the final message has been opened.
    public private(set) var isFinished = false

    /// Starts reading a stream with `header` under `key`; a malformed header throws `decryptionFailed`.
    public init(key: SecretKey, header: SecretStream.Header) throws(SodiumError) {
        Libsodium.ready()
        let status = key.withUnsafeBytes { keyBytes in
            crypto_secretstream_xchacha20poly1305_init_pull(
                &state.value, header.bytes, keyBytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        guard status == 0 else { throw SodiumError.decryptionFailed }
    }

    /// Opens the next message and returns its plaintext and tag. A wrong key, a changed or reordered message,
    /// or any message after the final one throws `decryptionFailed`.
    public func open(_ sealed: [UInt8], associatedData: [UInt8] = []) throws(SodiumError) -> (plaintext: [UInt8], tag: SecretStream.Tag) {
        guard !isFinished else { throw SodiumError.decryptionFailed }
        guard sealed.count >= SecretStream.overheadByteCount else { throw SodiumError.ciphertextTooShort(length: sealed.count) }
        var output = [UInt8](repeating: 0, count: max(sealed.count - SecretStream.overheadByteCount, 1))
        var written: UInt64 = 0
        var tagByte: UInt8 = 0
        let status = sealed.withUnsafeBufferPointer { input in
            associatedData.withUnsafeBufferPointer { data in
                crypto_secretstream_xchacha20poly1305_pull(
                    &state.value, &output, &written, &tagByte, input.baseAddress!, UInt64(input.count),
                    data.baseAddress, UInt64(data.count))
            }
        }
        guard status == 0 else { throw SodiumError.decryptionFailed }
        let tag: SecretStream.Tag
        switch tagByte {
        case crypto_secretstream_xchacha20poly1305_tag_message(): tag = .message
        case crypto_secretstream_xchacha20poly1305_tag_final(): tag = .final
        default: throw SodiumError.decryptionFailed  // PUSH and REKEY are never written by this module.
        }
        if tag == .final { isFinished = true }
        return (Array(output.prefix(Int(written))), tag)
    }
}
