import Chat
import Closet
import Foundation
import JSON
import Schedule
import Storage
import Support

/// Recording wears: `/wore N [date]` and the "I wore this" buttons under outfits and daily outfits.
///
/// A wear is a piece on a local day, logged once: pressing the same button twice, or two cards with the same
/// piece, on one day counts one wear. The button stays, so a card pressed again on a later day logs that day.
struct WearCommands {
    let calendar: WearCalendar

    /// The payload key naming where an "I wore this" button was shown (`WearSource`); absent means `button`.
    static let sourceKey = "source"

    /// Adds `/wore` and the "I wore this" handler.
    func register(on builder: inout RouterBuilder) {
        builder.add(Command("wore", usage: "N [date]", summary: "log that you wore a piece, e.g. /wore 3 yesterday") { context, arguments in
            try await wore(context, arguments: arguments)
        })
        builder.onButton(OutfitCard.wore) { context, record in
            try await pressed(context, record: record)
        }
    }

    private func wore(_ context: ChatContext, arguments: String) async throws {
        let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
        guard (1...2).contains(words.count) else {
            throw UserMessageError("Use /wore N [date], e.g. /wore 3, /wore 3 yesterday or /wore 3 2026-03-14. /closet lists your pieces.")
        }
        let now = context.clock.now()
        let today = calendar.today(in: context.chat, now: now)
        // The date first: a bad date is refused before the closet is read.
        let day = try WearCalendar.day(words.count == 2 ? words[1] : "", today: today)
        let item = try await ItemNumbers.item(words[0], context: context)
        let zone = calendar.zone(of: context.chat)
        let outcome = try await context.data.recordWears(
            userID: context.user.id, itemIDs: [item.id], on: day, at: calendar.instant(of: day, today: today, now: now, zone: zone),
            source: .command, now: now)
        let when = day == today ? "today (\(day))" : "on \(day)"
        guard outcome.recorded == [item.id] else {
            try await context.reply(RichText.plain("#\(item.number) \(item.name) is already logged \(when): a piece counts once a day."))
            return
        }
        let total = (try await context.data.item(userID: context.user.id, number: item.number))?.wearCount ?? item.wearCount + 1
        try await context.reply(RichText.plain("Noted: #\(item.number) \(item.name) worn \(when), \(total)× in all. /stats \(item.number) shows its history."))
    }

    private func pressed(_ context: ChatContext, record: ButtonRecord) async throws {
        let ids = record.payload["ids"]?.array?.compactMap(\.int) ?? []
        let source = record.payload[Self.sourceKey]?.string.flatMap(WearSource.init(rawValue:)) ?? .button
        let now = context.clock.now()
        let today = calendar.today(in: context.chat, now: now)
        let outcome = try await context.data.recordWears(
            userID: context.user.id, itemIDs: ids, on: today, at: now, source: source, now: now)
        var lines: [String] = []
        if !outcome.recorded.isEmpty {
            let count = outcome.recorded.count
            lines.append("Noted: \(count) piece\(count == 1 ? "" : "s") worn today (\(today)). I'll rank them lower for a few days.")
        }
        if !outcome.alreadyLogged.isEmpty {
            lines.append(outcome.recorded.isEmpty
                ? "Already noted: these pieces are logged for today (\(today)). A piece counts once a day."
                : "\(outcome.alreadyLogged.count) of them were already logged today and count once.")
        }
        if !outcome.unknown.isEmpty {
            lines.append(outcome.recorded.isEmpty && outcome.alreadyLogged.isEmpty
                ? "These pieces are no longer in your closet, so nothing was logged."
                : "\(outcome.unknown.count) piece\(outcome.unknown.count == 1 ? " is" : "s are") no longer in your closet.")
        }
        try await context.reply(RichText.plain(lines.isEmpty ? "There was nothing to log." : lines.joined(separator: " ")))
    }
}
