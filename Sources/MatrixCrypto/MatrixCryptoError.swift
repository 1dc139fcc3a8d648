import Support

/// Why an end-to-end encryption step failed: detail for logs and a short `userMessage`.
public enum MatrixCryptoError: Error, Sendable, Hashable, CustomStringConvertible, UserFacingError {
    /// The Megolm session of an event is not known (yet): its `m.room_key` has not arrived.
    case missingRoomKey(roomID: String, sessionID: String)
    /// The event could not be decrypted with the key we hold (changed, replayed, or not for this room).
    case undecryptable(String)
    /// A wire object lacked a field or had the wrong shape.
    case malformed(String)
    /// libolm, libcrypto or the database failed.
    case local(String)

    /// Detail for logs; never key material.
    public var description: String {
        switch self {
        case .missingRoomKey(let room, let session): "no megolm session \(session) for \(room) yet"
        case .undecryptable(let detail): "undecryptable: \(detail)"
        case .malformed(let detail): "malformed: \(detail)"
        case .local(let detail): "local crypto failure: \(detail)"
        }
    }

    /// Short text for a person.
    public var userMessage: String {
        switch self {
        case .missingRoomKey, .undecryptable:
            "I couldn't decrypt your last message. Send it again; if that keeps failing, check that your app shares keys with unverified devices."
        case .malformed, .local:
            "Something went wrong with encryption on my side. Try again in a minute."
        }
    }
}
