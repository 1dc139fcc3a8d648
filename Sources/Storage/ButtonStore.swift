import Foundation
import JSON

/// The server-side state behind buttons: a button carries only a short token.
public protocol ButtonStore: Sendable {
    /// Saves a button's state and returns its new token; it lives `lifetime` seconds from `now`.
    func createButton(chatID: Int64, userID: Int64?, action: String, payload: JSON, lifetime: TimeInterval, now: Date) async throws -> String
    /// Saves several buttons at once; returns their tokens in order.
    func createButtons(
        _ buttons: [(action: String, payload: JSON)], chatID: Int64, userID: Int64?, lifetime: TimeInterval, now: Date
    ) async throws -> [String]
    /// The live button for `token`, or nil when unknown or expired at `now`.
    func button(token: String, now: Date) async throws -> ButtonRecord?
    /// Invalidates buttons, e.g. once a choice has been made; unknown tokens are ignored.
    func deleteButtons(tokens: [String]) async throws
    /// Removes the buttons expired at `now`.
    func pruneButtons(now: Date) async throws
}

extension ButtonRecord {
    private static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// A new token: ten URL-safe characters, 60 random bits from one system random number.
    public static func makeToken() -> String {
        var bits = UInt64.random(in: .min ... .max)
        var token: [UInt8] = []
        token.reserveCapacity(10)
        for _ in 0..<10 {
            token.append(tokenAlphabet[Int(bits & 63)])
            bits >>= 6
        }
        return String(decoding: token, as: UTF8.self)
    }
}

extension ButtonStore {
    /// Saves buttons that live the default `ButtonRecord.defaultLifetime`.
    public func createButtons(_ buttons: [(action: String, payload: JSON)], chatID: Int64, userID: Int64?, now: Date) async throws -> [String] {
        try await createButtons(buttons, chatID: chatID, userID: userID, lifetime: ButtonRecord.defaultLifetime, now: now)
    }

    /// Saves a button that lives the default `ButtonRecord.defaultLifetime`.
    public func createButton(chatID: Int64, userID: Int64?, action: String, payload: JSON, now: Date) async throws -> String {
        try await createButton(chatID: chatID, userID: userID, action: action, payload: payload, lifetime: ButtonRecord.defaultLifetime, now: now)
    }
}
