import Chat
import Foundation
import Secrets
import Storage

/// `/forget`: delete everything the bot holds about the user, after a confirmation button.
struct PrivacyFeature {
    let environment: BotEnvironment

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("forget", topic: .settings) { context, _ in
            let confirm = try await context.button(context.string("privacy.button.delete"), action: .forgetConfirm)
            let cancel = try await context.button(context.string("privacy.button.keep"), action: .forgetCancel)
            try await context.reply(context.text("privacy.question"), buttons: [[confirm, cancel]])
        })
        builder.onButton(.forgetConfirm) { context, record in
            try await forget(context)
            try await context.store.deleteButtons(tokens: [record.token])
        }
        builder.onButton(.forgetCancel) { context, record in
            try await context.store.deleteButtons(tokens: [record.token])
            try await context.reply(context.text("privacy.kept"))
        }
    }

    /// Removes the user's keys, rows and files.
    private func forget(_ context: ChatContext) async throws {
        let removedKeys = try environment.keys.forget(user: context.user.key)
        try await context.data.deleteUser(id: context.user.id)
        context.logger.notice("user data deleted", ["user": context.user.id, "keys_removed": removedKeys.count])
        try await context.reply(context.text("privacy.done"))
    }
}
