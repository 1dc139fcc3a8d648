import Foundation
import HTTP
import MatrixCrypto
import Secrets
import Sodium
import Storage
import Support

/// The elected worker's access token, shared with the other workers (PostgreSQL) so they can download
/// the pictures of events they handle: authenticated media needs a token, and a login of their own
/// would either end the elected worker's token (a login to the same device replaces its token) or add
/// a device per worker that people's clients would share room keys with.
///
/// The token is stored in `matrix_crypto` (kind `access_token`, id the user id), sealed with
/// XChaCha20-Poly1305 under a key derived from the master key (context `wdmxtok1`), as the Olm pickles
/// are; the user id is the associated data. A worker with another master key cannot open it.
public struct SharedAccessToken: Sendable {
    /// The crypto-store kind of the row.
    static let kind = "access_token"
    /// The key-derivation context of the sealing key (8 ASCII characters).
    static let keyContext = "wdmxtok1"

    let store: any CryptoRecordStore
    let keys: KeyStore
    let userID: String
    let clock: any WallClock

    /// The token of `userID` in `store`, sealed with a key from `keys`.
    public init(store: any CryptoRecordStore, keys: KeyStore, userID: String, clock: any WallClock) {
        self.store = store
        self.keys = keys
        self.userID = userID
        self.clock = clock
    }

    /// Stores `token` for the other workers (the elected worker, after each login).
    public func publish(_ token: String) async throws {
        let key = try sealingKey()
        let nonce = Nonce.random()
        let sealed = try XChaCha20Poly1305.seal(Array(token.utf8), key: key, nonce: nonce, associatedData: Array(userID.utf8))
        let value = "\(Base64.encode(nonce.bytes)).\(Base64.encode(sealed))"
        try await store.saveMatrixCrypto([MatrixCryptoRecord(kind: Self.kind, id: userID, value: value)], now: clock.now())
    }

    /// The token the elected worker last published, or nil when none is stored.
    public func load() async throws -> String? {
        guard let value = try await store.matrixCryptoValue(kind: Self.kind, id: userID) else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2 else { throw MatrixError.local("the shared access token is stored in an unknown form") }
        do {
            let nonce = try Nonce(bytes: try Base64.decode(String(parts[0])))
            let plain = try XChaCha20Poly1305.open(
                try Base64.decode(String(parts[1])), key: try sealingKey(), nonce: nonce, associatedData: Array(userID.utf8))
            return String(decoding: plain, as: UTF8.self)
        } catch {
            throw MatrixError.local("cannot open the shared access token: saved under another master key? (\(error))")
        }
    }

    private func sealingKey() throws -> SecretKey {
        try SecretKey(bytes: try keys.derivedKeyBytes(context: Self.keyContext))
    }
}

/// Downloads pictures on any worker with the elected worker's shared token (`SharedAccessToken`).
public struct SharedMediaReader: Sendable {
    let token: SharedAccessToken
    let client: MatrixClient
    let clock: any WallClock

    /// A reader for `homeserverURL` over `http`; `onNewSecret` receives each token read (for log redaction).
    public init(
        token: SharedAccessToken, http: any HTTPTransport, homeserverURL: String, clock: any WallClock,
        onNewSecret: @escaping @Sendable (String) -> Void
    ) {
        self.token = token
        // Its own session: the token is adopted in memory only, never written to this worker's key file.
        client = MatrixClient(http: http, baseURL: homeserverURL, session: MatrixSession(keys: token.keys, onNewSecret: onNewSecret, stored: false))
        self.clock = clock
    }

    /// The bytes of `uri`; a rejected token is read again once (the elected worker may just have logged in anew).
    public func download(_ uri: String, maxBytes: Int) async throws -> [UInt8] {
        for attempt in 1...3 {
            guard let current = try await token.load() else {
                throw MatrixError.local("no worker has shared the Matrix access token yet; the picture is loaded when one is elected")
            }
            await client.session.adopt(current)
            do {
                return try await client.download(uri, maxBytes: maxBytes)
            } catch MatrixError.unknownToken where attempt < 3 {
                try await clock.sleep(seconds: Double(attempt))
            }
        }
        throw MatrixError.local("the shared Matrix access token was refused")
    }
}
