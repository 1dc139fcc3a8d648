import Secrets

/// The bot's access token and device, kept in the encrypted key file and shared by sync and send.
public actor MatrixSession {
    private let keys: KeyStore
    private let onNewSecret: @Sendable (String) -> Void
    /// The token sent as `Authorization: Bearer`; nil until a login succeeds when none was stored.
    public private(set) var accessToken: String?

    /// Reads the stored token (unless `stored` is false: a session that only adopts shared tokens);
    /// `onNewSecret` receives every new token (register it with the log redactor).
    public init(keys: KeyStore, onNewSecret: @escaping @Sendable (String) -> Void = { _ in }, stored: Bool = true) {
        self.keys = keys
        self.onNewSecret = onNewSecret
        accessToken = stored ? keys.value(for: SecretName.matrixAccessToken) : nil
    }

    /// Uses `token` from now on, in memory only (another worker's login, shared for downloads).
    public func adopt(_ token: String) {
        guard token != accessToken else { return }
        onNewSecret(token)
        accessToken = token
    }

    /// The device id of the last login, reused on the next one.
    public var deviceID: String? { keys.value(for: SecretName.matrixDeviceID) }

    /// The stored password, if the operator gave one (a token alone cannot be renewed).
    public var password: String? { keys.value(for: SecretName.matrixPassword) }

    /// Whether a password login is possible.
    public var canLogIn: Bool { password != nil }

    /// Keeps a fresh login's token and device in memory and in the key file.
    public func loggedIn(accessToken token: String, deviceID device: String) throws {
        onNewSecret(token)
        try keys.set(token, for: SecretName.matrixAccessToken)
        try keys.set(device, for: SecretName.matrixDeviceID)
        accessToken = token
    }

    /// Drops a token the server rejected, so nothing sends it again.
    public func tokenRejected(_ token: String?) {
        if token == accessToken { accessToken = nil }
    }
}
