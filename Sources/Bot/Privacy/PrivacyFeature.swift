import Chat
import Foundation
import Secrets
import Storage

/// `/forget`: delete everything the bot holds about the user, after a confirmation button.
struct PrivacyFeature {
    let environment: BotEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("forget", summary: "delete everything I hold about you") { context, _ in
            let confirm = try await context.button("Delete everything", action: "forget.confirm")
            let cancel = try await context.button("Keep my data", action: "forget.cancel")
            try await context.reply(
                "This deletes your closet, photos, looks, settings and stored keys. It can't be undone.",
                buttons: [[confirm, cancel]])
        })
        builder.onButton("forget.confirm") { context, record in
            try await forget(context)
            try await context.store.deleteButtons(tokens: [record.token])
        }
        builder.onButton("forget.cancel") { context, record in
            try await context.store.deleteButtons(tokens: [record.token])
            try await context.reply("Nothing was deleted.")
        }
    }

    /// Removes the user's keys, rows and files.
    private func forget(_ context: ChatContext) async throws {
        let removedKeys = try environment.keys.forget(user: context.user.key)
        try await context.sqlite.deleteUser(id: context.user.id)
        context.logger.notice("user data deleted", ["user": context.user.id, "keys_removed": removedKeys.count])
        try await context.reply("Done. I deleted everything I had about you. Send /start to begin again.")
    }
}
