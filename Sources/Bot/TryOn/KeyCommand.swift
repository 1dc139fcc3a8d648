import Chat
import Foundation
import Secrets
import Storage
import Support
import TryOn

/// `/key`: a user's own API keys. Stored encrypted, only in private chats; the message carrying
/// a key is deleted where the transport allows; replies show only the last four characters.
struct KeyCommand {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    static let usage =
        "Send /key SERVICE YOUR_KEY in a private chat to use your own key (no daily limit), /key SERVICE to check it, /key SERVICE remove to delete it. Services: openrouter (sk-or-v1-…), gemini (AIza…), fal (ID:SECRET)."

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("key", usage: "SERVICE [KEY]") { context, arguments in
            let words = arguments.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            guard let first = words.first else {
                try await context.reply(RichText.plain(overview(context)))
                return
            }
            guard let service = TryOnService(word: first) else {
                // Don't echo the words: they might be a key.
                throw UserMessageError("I don't know that service. " + Self.usage)
            }
            switch words.count {
            case 1: try await verify(service, context: context)
            case 2 where ["remove", "delete"].contains(words[1].lowercased()): try await remove(service, context: context)
            case 2: try await store(words[1], for: service, context: context)
            default:
                try await deleteCarrier(context)
                throw UserMessageError("A key is one word without spaces. " + Self.usage)
            }
        })
    }

    private func secretName(_ service: TryOnService, _ context: ChatContext) -> String {
        SecretName.user(context.user.key, service: service.rawValue)
    }

    private func overview(_ context: ChatContext) -> String {
        let stored = TryOnService.allCases.compactMap { service in
            environment.keys.value(for: secretName(service, context)).map { "\(service.displayName) \(TryOnText.keyTail($0))" }
        }
        return (stored.isEmpty ? "You have no keys of your own." : "Your keys: \(stored.joined(separator: ", ")).") + " " + Self.usage
    }

    /// Stores a key from a private chat; in a group the key is deleted (where possible) and refused.
    private func store(_ key: String, for service: TryOnService, context: ChatContext) async throws {
        tryOn.registerSecret(key)
        let deleted = try await deleteCarrier(context)
        guard context.isPrivate else {
            context.logger.notice("key posted in a group; not stored", ["service": service.rawValue])
            let cleanup = deleted ? "I deleted your message" : "Delete your message now"
            try await context.reply(RichText.plain(
                "Never post a key in a group — \(cleanup), and I did not save the key. Send /key \(service.rawValue) YOUR_KEY to me in a private chat, and consider replacing that key."))
            return
        }
        guard key.count >= 8, key.count <= 512 else {
            throw UserMessageError((KeyShape.hint(key, service: service) ?? "That key is too short or too long.") + " " + Self.usage)
        }
        // A Fal key is an id and a secret; either half alone can never work.
        if service == .fal, !KeyShape.matches(key, service: .fal) {
            throw UserMessageError("A Fal key has two parts, ID:SECRET, as Fal shows it when you create the key. Send /key fal ID:SECRET in a private chat.")
        }
        try environment.keys.set(key, for: secretName(service, context))
        context.logger.info("user key stored", ["service": service.rawValue])
        let cleanup = deleted ? " I deleted your message." : " Delete your message with the key: I can't do it here."
        let shape = KeyShape.hint(key, service: service).map { " " + $0 + " I saved it anyway." } ?? ""
        try await context.reply(RichText.plain(
            "Saved your \(service.displayName) key ending in \(key.suffix(4)). Your try-ons on \(service.displayName) now use it, with no daily limit.\(cleanup)\(shape) Check it with /key \(service.rawValue)."))
    }

    /// Deletes the message that carried the command, when the transport can; true when it did.
    @discardableResult
    private func deleteCarrier(_ context: ChatContext) async throws -> Bool {
        guard context.transport.capabilities.deletesUserMessages, let message = context.event.message else { return false }
        do {
            try await context.send(.delete(message))
            return true
        } catch {
            context.logger.warning("cannot delete the message carrying a key", ["error": "\(error)"])
            return false
        }
    }

    private func remove(_ service: TryOnService, context: ChatContext) async throws {
        let removed = try environment.keys.remove(secretName(service, context))
        let next = tryOn.resolver.keyOwner(for: service, userKey: context.user.key) == .operatorKey
            ? "Try-ons on \(service.displayName) use the bot's key again."
            : "The bot has no \(service.displayName) key, so try-ons there need a key of yours."
        try await context.reply(RichText.plain(removed ? "Removed your \(service.displayName) key. " + next : "You have no \(service.displayName) key stored."))
    }

    /// Tests the user's own stored key with the service's cheap check.
    private func verify(_ service: TryOnService, context: ChatContext) async throws {
        let owner = tryOn.resolver.keyOwner(for: service, userKey: context.user.key)
        guard owner == .user else {
            let now = owner == .operatorKey ? "try-ons use the bot's key" : "the bot has no \(service.displayName) key either, so try-ons there need yours"
            try await context.reply(RichText.plain(
                "You have no \(service.displayName) key of your own; \(now). Send /key \(service.rawValue) \(KeyShape.form(service) == "ID:SECRET" ? "ID:SECRET" : "YOUR_KEY") in a private chat to add one."))
            return
        }
        let resolved = try resolve(service, context: context)
        let tail = environment.keys.value(for: secretName(service, context)).map(TryOnText.keyTail) ?? ""
        try await context.send(.action(.typing))
        switch try await resolved.provider.verifyKey() {
        case .valid(let detail):
            try await context.reply(RichText.plain("Your \(service.displayName) key \(tail) works." + (detail.map { " \($0)" } ?? "")))
        case .unverifiable:
            try await context.reply(RichText.plain(
                "\(service.displayName) has no way to check a key without making a picture. Your key \(tail) will be used on your next try-on."))
        }
    }

    /// The provider with the user's own key (untyped throws: the router turns the error into its message).
    private func resolve(_ service: TryOnService, context: ChatContext) throws -> ResolvedProvider {
        try tryOn.resolver.provider(for: service, userKey: context.user.key, ownKeyOnly: true)
    }
}
