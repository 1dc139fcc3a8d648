import Chat
import Closet
import Foundation
import Images
import Schedule
import Storage
import Support

/// `/stats` (the closet's wear statistics as one chart with a short caption) and `/stats N` (one piece).
struct StatsFeature {
    let environment: BotEnvironment
    let calendar: WearCalendar

    /// Adds `/stats`.
    func register(on builder: inout RouterBuilder) {
        builder.add(Command("stats", usage: "[N]", summary: "what you wear most and least, e.g. /stats or /stats 3") { context, arguments in
            let words = arguments.split(whereSeparator: \.isWhitespace)
            switch words.count {
            case 0: try await overview(context)
            case 1: try await piece(context, number: String(words[0]))
            default: throw UserMessageError("Use /stats for your whole closet or /stats N for one piece, e.g. /stats 3.")
            }
        })
    }

    private func overview(_ context: ChatContext) async throws {
        let items = try await context.data.items(userID: context.user.id)
        guard !items.isEmpty else {
            try await context.reply("Your closet is empty, so there is nothing to count yet. Paste a product link or send /add navy wool blazer, "
                + "then log what you wear with I wore this under an outfit or /wore N.")
            return
        }
        let now = context.clock.now()
        let zone = calendar.zone(of: context.chat)
        let today = ZonedTime.localDate(of: now, in: zone)
        let log = try await context.data.wears(userID: context.user.id, since: WearStatistics.windowStart(today: today))
        let last = try await context.data.lastWearDates(userID: context.user.id)
        let stats = WearStatistics(items: items, log: log, lastLogged: last, today: today, zone: zone)
        guard stats.totalWears > 0 else {
            try await context.reply(RichText.plain(
                "No wears logged yet for your \(items.count) piece\(items.count == 1 ? "" : "s"). Press I wore this under an outfit, "
                    + "or send /wore N (e.g. /wore 3 yesterday); then /stats shows what you wear most and least."))
            return
        }
        let text = StatsText.overview(stats)
        try await sendChart(StatsChart.overview(stats), caption: text.caption, details: text.details, context: context)
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
            let price = item.price.map { " It cost \($0.formatted); each wear brings its cost per wear down." } ?? ""
            try await context.reply(RichText.plain("#\(item.number) \(item.name) hasn't been worn yet.\(price) /wore \(item.number) logs a wear."))
            return
        }
        let months = MonthCount.counts(of: dated, endingAt: today, count: WearStatistics.monthCount)
        try await sendChart(
            StatsChart.piece(piece, months: months), caption: StatsText.piece(piece, dated: dated, months: months, today: today), details: "",
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
