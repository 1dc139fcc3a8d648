import Chat
import Foundation
import JSON
import Localization
import Storage
import Support

/// `/vote`, `/vote close`, `/vote window 30m`, incoming ballots and the tie-break buttons.
struct VotingFeature {
    let voting: GroupVoting

    func register(on builder: inout RouterBuilder) {
        builder.add(Command("vote", usage: "[close | window 30m]", topic: .outfits) {
            context, arguments in
            try await command(context, arguments: arguments)
        })
        builder.onVote { context, pollID, options in
            // The bot's own answers never count (transports filter them too; this is the backstop).
            guard context.event.sender.id != context.transport.botUserID else { return }
            let source = context.transport.capabilities.polls ? "poll" : (context.event.replyTo == nil ? "reaction" : "reply")
            try await voting.cast(pollID: pollID, options: options, voter: context.user.key, source: source, chat: context.chat)
        }
        builder.onButton(.voteTie) { context, record in
            let option = try record.arguments.int("option", in: 0...99)
            guard try await voting.breakTie(voteID: try record.arguments.id("vote"), option: option) else {
                try await context.reply(context.text("vote.tie.decided"))
                return
            }
            try await context.store.deleteButtons(tokens: [record.token])
        }
    }

    private func command(_ context: ChatContext, arguments: String) async throws {
        let words = arguments.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.first {
        case nil:
            try await context.reply(try await voting.status(of: context.chat, context.phrasebook))
        case "close":
            guard let vote = try await context.data.openVote(chatID: context.chat.id) else {
                throw LocalizedUserMessageError("vote.close.none")
            }
            guard vote.starterID == context.user.id else {
                throw LocalizedUserMessageError("vote.close.not_starter")
            }
            try await voting.close(vote, reason: .starter)
        case "window":
            guard words.count > 1 else {
                let minutes = voting.settings.windowMinutes(of: context.chat)
                try await context.reply(context.text("vote.window.current", ["duration": .text(VotingSettings.describe(minutes: minutes, context.phrasebook))]))
                return
            }
            let minutes = try VotingSettings.parseWindow(words.dropFirst().joined())
            let settings = context.chat.settings.setting(VotingSettings.windowSetting, .int(Int64(minutes)))
            try await context.store.setChatSettings(settings, chatID: context.chat.id)
            try await context.reply(context.text("vote.window.set", ["duration": .text(VotingSettings.describe(minutes: minutes, context.phrasebook))]))
        default:
            throw LocalizedUserMessageError("vote.usage")
        }
    }
}
