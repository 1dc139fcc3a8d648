import Chat
import Closet
import Foundation
import JSON
import Localization
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

    /// Most words after the item number read as a date ("el lunes pasado", "il y a 3 jours").
    static let maximumDateWords = 5

    /// Adds `/wore`, the "I wore this" handler, and the answer to "which day do you mean?".
    func register(on builder: inout RouterBuilder) {
        builder.add(Command("wore", usage: "N [date]", topic: .closet) { context, arguments in
            try await wore(context, arguments: arguments)
        })
        builder.onButton(.outfitWore) { context, record in
            try await pressed(context, record: record)
        }
        builder.onButton(.woreOn) { context, record in
            try await chose(context, record: record)
        }
    }

    private func wore(_ context: ChatContext, arguments: String) async throws {
        let words = arguments.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let number = words.first, words.count <= 1 + Self.maximumDateWords else {
            throw LocalizedUserMessageError("wear.usage")
        }
        let now = context.clock.now()
        let today = calendar.today(in: context.chat, now: now)
        // The date first: a bad date is refused before the closet is read.
        let example = number.count <= 6 && number.allSatisfy { $0.isASCII && $0.isNumber } ? number : "3"
        let day = try WearCalendar.day(words.dropFirst().joined(separator: " "), today: today, words: context.phrasebook, number: example)
        let item = try await ItemNumbers.item(number, context: context)
        switch day {
        case .day(let day):
            try await log(item, on: day, today: today, context: context)
        case .either(let dayFirst, let monthFirst):
            // "3/2/2026" is 3 February in London and March 2 in New York: ask rather than log the wrong day.
            var row: [Button] = []
            for date in [dayFirst, monthFirst] {
                let payload: JSON = ["number": .int(Int64(item.number)), "date": .string(date.description)]
                row.append(try await context.button(context.phrasebook.longDate(date), action: .woreOn, payload: payload))
            }
            try await context.reply(context.text("wear.date.which", ["date": .text(words[1])]), buttons: [row])
        }
    }

    /// The day picked under "which day do you mean?": logged as `/wore N DATE` would.
    private func chose(_ context: ChatContext, record: ButtonRecord) async throws {
        let number = try record.arguments.int("number", in: 1...Int(Int32.max))
        let text = try record.arguments.string("date", maxLength: 10)
        let today = calendar.today(in: context.chat, now: context.clock.now())
        guard let date = LocalDate(text: text), date.description == text else { throw ButtonArguments.unreadable }
        guard case .day(let day) = try WearCalendar.day(text, today: today, words: context.phrasebook) else { throw ButtonArguments.unreadable }
        try await log(try await ItemNumbers.item(String(number), context: context), on: day, today: today, context: context)
    }

    /// Logs one wear of `item` on `day` and says so, or that the day is already logged.
    private func log(_ item: ClosetItem, on day: LocalDate, today: LocalDate, context: ChatContext) async throws {
        let now = context.clock.now()
        let zone = calendar.zone(of: context.chat)
        let outcome = try await context.data.recordWears(
            userID: context.user.id, itemIDs: [item.id], on: day, at: calendar.instant(of: day, today: today, now: now, zone: zone),
            source: .command, now: now)
        let when = context.string(day == today ? "wear.when.today" : "wear.when.on", ["date": .text(day.description)])
        let piece: [String: MessageArgument] = ["number": .text(String(item.number)), "name": .text(item.name), "when": .text(when)]
        guard outcome.recorded == [item.id] else {
            try await context.reply(context.text("wear.already", piece))
            return
        }
        let total = (try await context.data.item(userID: context.user.id, number: item.number))?.wearCount ?? item.wearCount + 1
        try await context.reply(context.text("wear.noted", piece.merging(["total": .integer(total)]) { first, _ in first }))
    }

    private func pressed(_ context: ChatContext, record: ButtonRecord) async throws {
        let ids = try record.arguments.ids("ids")
        let source = try record.arguments.optionalValue(Self.sourceKey, as: WearSource.self) ?? .button
        let now = context.clock.now()
        let today = calendar.today(in: context.chat, now: now)
        let outcome = try await context.data.recordWears(
            userID: context.user.id, itemIDs: ids, on: today, at: now, source: source, now: now)
        var lines: [String] = []
        if !outcome.recorded.isEmpty {
            let count = outcome.recorded.count
            lines.append(context.string("wear.pressed.noted", ["count": .integer(count), "date": .text(today.description)]))
        }
        if !outcome.alreadyLogged.isEmpty {
            lines.append(outcome.recorded.isEmpty
                ? context.string("wear.pressed.all_logged", ["date": .text(today.description)])
                : context.string("wear.pressed.some_logged", ["count": .integer(outcome.alreadyLogged.count)]))
        }
        if !outcome.unknown.isEmpty {
            lines.append(outcome.recorded.isEmpty && outcome.alreadyLogged.isEmpty
                ? context.string("wear.pressed.all_gone")
                : context.string("wear.pressed.some_gone", ["count": .integer(outcome.unknown.count)]))
        }
        try await context.reply(lines.isEmpty ? context.text("wear.pressed.nothing") : RichText.plain(lines.joined(separator: " ")))
    }
}
