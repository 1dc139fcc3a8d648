import Chat
import Foundation
import Localization
import Secrets
import Storage
import Support
import TryOn

/// `/key`: a user's own API keys. Stored encrypted, only in private chats; the message carrying
/// a key is deleted where the transport allows; replies show only the last four characters.
struct KeyCommand {
    let environment: BotEnvironment
    let tryOn: TryOnEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("key", usage: "SERVICE [KEY]", topic: .tryOn) { context, arguments in
            let words = arguments.split(whereSeparator: { $0.isWhitespace }).map(String.init)
            guard let first = words.first else {
                try await context.reply(overview(context))
                return
            }
            guard let service = TryOnService(word: first) else {
                // Don't echo the words: they might be a key.
                throw LocalizedUserMessageError("key.unknown_service", ["usage": .text(context.string("key.usage"))])
            }
            switch words.count {
            case 1: try await verify(service, context: context)
            case 2 where ["remove", "delete"].contains(words[1].lowercased()): try await remove(service, context: context)
            case 2: try await store(words[1], for: service, context: context)
            default:
                try await deleteCarrier(context)
                throw LocalizedUserMessageError("key.one_word", ["usage": .text(context.string("key.usage"))])
            }
        })
    }

    private func secretName(_ service: TryOnService, _ context: ChatContext) -> String {
        SecretName.user(context.user.key, service: service.rawValue)
    }

    private func overview(_ context: ChatContext) -> RichText {
        let stored = TryOnService.allCases.compactMap { service in
            environment.keys.value(for: secretName(service, context)).map { service.displayName + " " + TryOnText.keyTail($0) }
        }
        let usage = MessageArgument.text(context.string("key.usage"))
        return stored.isEmpty
            ? context.text("key.none", ["usage": usage])
            : context.text("key.list", ["keys": .text(stored.joined(separator: ", ")), "usage": usage])
    }

    /// Stores a key from a private chat; in a group the key is deleted (where possible) and refused.
    private func store(_ key: String, for service: TryOnService, context: ChatContext) async throws {
        tryOn.registerSecret(key)
        let deleted = try await deleteCarrier(context)
        guard context.isPrivate else {
            context.logger.notice("key posted in a group; not stored", ["service": service.rawValue])
            let warning = deleted ? "key.in_group.deleted" : "key.in_group.not_deleted"
            try await context.reply(context.text(warning, ["code": .text(service.rawValue)]))
            return
        }
        guard key.count >= 8, key.count <= 512 else {
            let problem = KeyShape.hint(key, service: service, context.phrasebook) ?? context.string("key.length")
            throw LocalizedUserMessageError("key.refused", ["problem": .text(problem), "usage": .text(context.string("key.usage"))])
        }
        // A Fal key is an id and a secret; either half alone can never work.
        if service == .fal, !KeyShape.matches(key, service: .fal) {
            throw LocalizedUserMessageError("key.fal_two_parts")
        }
        try environment.keys.set(key, for: secretName(service, context))
        context.logger.info("user key stored", ["service": service.rawValue])
        let cleanup = context.string(deleted ? "key.saved.deleted" : "key.saved.not_deleted")
        let shape = KeyShape.hint(key, service: service, context.phrasebook).map { context.string("key.saved.shape", ["hint": .text($0)]) } ?? ""
        try await context.reply(context.text("key.saved", [
            "service": .text(service.displayName), "tail": .text(String(key.suffix(4))), "cleanup": .text(cleanup), "shape": .text(shape),
            "code": .text(service.rawValue),
        ]))
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
        let name = MessageArgument.text(service.displayName)
        guard removed else {
            try await context.reply(context.text("key.remove.missing", ["service": name]))
            return
        }
        let operatorKey = tryOn.resolver.keyOwner(for: service, userKey: context.user.key) == .operatorKey
        try await context.reply(context.text(operatorKey ? "key.removed.operator" : "key.removed.no_operator", ["service": name]))
    }

    /// Tests the user's own stored key with the service's cheap check.
    private func verify(_ service: TryOnService, context: ChatContext) async throws {
        let owner = tryOn.resolver.keyOwner(for: service, userKey: context.user.key)
        guard owner == .user else {
            let form = service == .fal ? KeyShape.form(service) : context.string("key.placeholder")
            try await context.reply(context.text(owner == .operatorKey ? "key.check.operator" : "key.check.no_operator", [
                "service": .text(service.displayName), "code": .text(service.rawValue), "form": .text(form),
            ]))
            return
        }
        let resolved = try resolve(service, context: context)
        let tail = environment.keys.value(for: secretName(service, context)).map(TryOnText.keyTail) ?? ""
        try await context.send(.action(.typing))
        switch try await resolved.provider.verifyKey() {
        case .valid(let detail):
            // The detail is the service's own account text (credits left), as it sent it.
            let works = context.text("key.works", ["service": .text(service.displayName), "tail": .text(tail)])
            try await context.reply(works + .plain(detail.map { " \($0)" } ?? ""))
        case .unverifiable:
            try await context.reply(context.text("key.unverifiable", ["service": .text(service.displayName), "tail": .text(tail)]))
        }
    }

    /// The provider with the user's own key (untyped throws: the router turns the error into its message).
    private func resolve(_ service: TryOnService, context: ChatContext) throws -> ResolvedProvider {
        try tryOn.resolver.provider(for: service, userKey: context.user.key, ownKeyOnly: true)
    }
}
