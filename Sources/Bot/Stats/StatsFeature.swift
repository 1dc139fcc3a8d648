import Chat
import Closet
import Foundation
import Images
import Localization
import Schedule
import Storage
import Support

/// `/stats` (the closet's wear statistics as one chart with a short caption) and `/stats N` (one piece).
struct StatsFeature {
    let environment: BotEnvironment
    let calendar: WearCalendar

    /// Adds `/stats`.
    func register(on builder: inout RouterBuilder) {
        builder.add(Command("stats", usage: "[N]", topic: .closet) { context, arguments in
            let words = arguments.split(whereSeparator: \.isWhitespace)
            switch words.count {
            case 0: try await overview(context)
            case 1: try await piece(context, number: String(words[0]))
            default: throw LocalizedUserMessageError("stats.usage")
            }
        })
    }

    private func overview(_ context: ChatContext) async throws {
        let items = try await context.data.items(userID: context.user.id)
        guard !items.isEmpty else {
            try await context.reply(context.text("stats.closet_empty"))
            return
        }
        let now = context.clock.now()
        let zone = calendar.zone(of: context.chat)
        let today = ZonedTime.localDate(of: now, in: zone)
        let log = try await context.data.wears(userID: context.user.id, since: WearStatistics.windowStart(today: today))
        let last = try await context.data.lastWearDates(userID: context.user.id)
        let stats = WearStatistics(items: items, log: log, lastLogged: last, today: today, zone: zone)
        guard stats.totalWears > 0 else {
            try await context.reply(context.text("stats.no_wears", ["pieces": .text(context.string("closet.count", ["count": .integer(items.count)]))]))
            return
        }
        let text = StatsText.overview(stats, context.phrasebook)
        try await sendChart(StatsChart.overview(stats, context.phrasebook), caption: text.caption, details: text.details, context: context)
    }

    private func piece(_ context: ChatContext, number: String) async throws {
        let item = try await ItemNumbers.item(number, context: context)
        let now = context.clock.now()
        let zone = calendar.zone(of: context.chat)
        let today = ZonedTime.localDate(of: now, in: zone)
        let log = try await context.data.wears(userID: context.user.id, itemID: item.id)
        let dated = log.map(\.date)
        let piece = PieceWear(item: item, lastWorn: ([item.lastWornAt.map { ZonedTime.localDate(of: $0, in: zone) }] + dated.map(Optional.some)).compactMap { $0 }.max())
        guard piece.wears > 0 else {
            let number: [String: MessageArgument] = ["number": .text(String(item.number)), "name": .text(item.name)]
            var text = context.text("stats.piece.unworn", number)
            if let price = item.price { text += .plain(" ") + context.text("stats.piece.unworn_price", ["price": price.argument]) }
            try await context.reply(text + .plain(" ") + context.text("stats.piece.unworn_hint", number))
            return
        }
        let months = MonthCount.counts(of: dated, endingAt: today, count: WearStatistics.monthCount)
        try await sendChart(
            StatsChart.piece(piece, months: months, context.phrasebook),
            caption: StatsText.piece(piece, dated: dated, months: months, today: today, context.phrasebook), details: "",
            context: context)
    }

    /// The chart as one photo with the caption, then the details; the words alone when the chart can't be drawn.
    private func sendChart(_ spec: ChartSpec, caption: RichText, details: String, context: ChatContext) async throws {
        try await context.send(.action(.uploadPhoto))
        let chart: RenderedChart
        do {
            chart = try await environment.images.chart(spec)
        } catch {
            context.logger.error("stats chart failed", ["error": "\(error)"])
            try await context.reply(caption + .plain(details.isEmpty ? "" : "\n" + details))
            return
        }
        let image = OutgoingImage(bytes: chart.image.bytes, mimeType: chart.image.mimeType, width: chart.image.width, height: chart.image.height)
        try await context.send(.photos([image], caption: caption))
        if !details.isEmpty { try await context.reply(RichText.plain(details.trimmingCharacters(in: .whitespacesAndNewlines))) }
    }
}
