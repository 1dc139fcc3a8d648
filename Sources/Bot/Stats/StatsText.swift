import Chat
import Closet
import Foundation
import Localization
import Schedule
import Support

/// The words of `/stats`: a short caption for the chart and the full lists as a follow-up, in the reader's language.
enum StatsText {
    /// Telegram's caption limit is 1024 characters; the caption stays under it with room to spare.
    static let captionBudget = 1000
    /// Entries per list in the follow-up, so a closet of thousands stays one or two messages.
    static let detailListLength = 25

    /// "#3 Navy wool blazer", the name cut to 40 characters.
    static func name(_ piece: PieceWear) -> String {
        "#\(piece.item.number) " + piece.item.name.shortened(to: 40)
    }

    /// "#3 Navy wool blazer 3×" for the ranked lists.
    private static func ranked(_ piece: PieceWear, _ words: Phrasebook) -> String {
        words.string("stats.ranked", ["name": .text(name(piece)), "count": .integer(piece.wears)])
    }

    /// The caption (heading plus the lines that fit the budget) and the details (everything else, for screen readers too).
    static func overview(_ stats: WearStatistics, _ words: Phrasebook) -> (caption: RichText, details: String) {
        let heading = words.string("stats.heading", ["date": .text(stats.today.description)])
        // "8 pieces · 5 wears · 7 never worn": pieces never worn are named as such whatever their age, and the
        // idle count only holds worn ones, so the line never says "0 not worn" beside a closet of unworn pieces.
        var counts = [words.string("stats.summary", [
            "pieces": .text(words.string("closet.count", ["count": .integer(stats.pieces.count)])),
            "wears": .text(words.string("stats.wears", ["count": .integer(stats.totalWears)])),
        ])]
        let idleWorn = stats.idle.filter { $0.wears > 0 }.count, neverWorn = stats.pieces.filter { $0.wears == 0 }.count
        if idleWorn > 0 {
            counts.append(words.string("stats.summary.idle", ["count": .integer(idleWorn), "days": .integer(WearStatistics.idleDays)]))
        }
        if neverWorn > 0 { counts.append(words.string("stats.summary.never", ["count": .integer(neverWorn)])) }
        var summary: [String] = [counts.joined(separator: " · ")]
        if !stats.mostWorn.isEmpty {
            summary.append(words.string("stats.most_worn", ["list": .text(stats.mostWorn.prefix(3).map { ranked($0, words) }.joined(separator: ", "))]))
        }
        if !stats.leastWorn.isEmpty {
            summary.append(words.string("stats.least_worn", ["list": .text(stats.leastWorn.prefix(3).map { ranked($0, words) }.joined(separator: ", "))]))
        }
        if !stats.idle.isEmpty {
            let shown = stats.idle.prefix(5).map { "#\($0.item.number)" }.joined(separator: ", ")
            let more = stats.idle.count > 5 ? " " + words.string("stats.and_more", ["count": .integer(stats.idle.count - 5)]) : ""
            summary.append(words.string("stats.idle", ["days": .integer(WearStatistics.idleDays), "list": .text(shown + more)]))
        }
        let costs = stats.currencies.compactMap { cost in
            cost.perWear.map { words.string("stats.cost.currency", ["price": $0.argument, "pieces": .text(words.string("closet.count", ["count": .integer(cost.pieces)]))]) }
        }
        if !costs.isEmpty { summary.append(words.string("stats.cost", ["list": .text(costs.joined(separator: ", "))])) }
        if let busiest = stats.months.max(by: { ($0.count, $0.start) < ($1.count, $1.start) }), busiest.count > 0 {
            summary.append(words.string("stats.busiest", [
                "month": .text(busiest.longLabel(words)), "wears": .text(words.string("stats.wears", ["count": .integer(busiest.count)])),
            ]))
        }
        var caption: [String] = []
        var used = heading.count
        var overflow: [String] = []
        for line in summary {
            if overflow.isEmpty, used + 1 + line.count <= captionBudget - 20 {
                caption.append(line)
                used += 1 + line.count
            } else {
                overflow.append(line)
            }
        }
        let details = overflow + detailLines(stats, words)
        if !details.isEmpty { caption.append(words.string("stats.details_below")) }
        return (RichText.bold(heading) + .plain("\n" + caption.joined(separator: "\n")), details.joined(separator: "\n"))
    }

    /// Everything the caption leaves out: the idle list with dates, cost per wear per piece, the closet by
    /// category and colour, and the month counts in words.
    static func detailLines(_ stats: WearStatistics, _ words: Phrasebook) -> [String] {
        var lines: [String] = []
        if !stats.idle.isEmpty {
            lines.append("\n" + words.string("stats.idle.title", ["days": .integer(WearStatistics.idleDays)]))
            lines += stats.idle.prefix(detailListLength).map { piece in
                "• \(name(piece)): " + (piece.lastWorn.map { words.string("stats.last_worn", ["date": .text($0.description)]) } ?? words.string("stats.never_worn"))
            }
            if stats.idle.count > detailListLength { lines.append(words.string("stats.more", ["count": .integer(stats.idle.count - detailListLength)])) }
        }
        if !stats.costPerWear.isEmpty || !stats.pricedUnworn.isEmpty {
            lines.append("\n" + words.string("stats.cost.title"))
            var costs: [String] = []
            for piece in stats.costPerWear {
                guard let price = piece.item.price, let perWear = piece.costPerWearPrice else { continue }
                costs.append("• " + words.string("stats.cost.piece", [
                    "name": .text(name(piece)), "price": price.argument, "wears": .integer(piece.wears), "per_wear": perWear.argument,
                ]))
            }
            for piece in stats.pricedUnworn {
                guard let price = piece.item.price else { continue }
                costs.append("• " + words.string("stats.cost.unworn", ["name": .text(name(piece)), "price": price.argument]))
            }
            lines += costs.prefix(detailListLength)
            if costs.count > detailListLength { lines.append(words.string("stats.more", ["count": .integer(costs.count - detailListLength)])) }
        }
        lines.append("\n" + words.string("stats.by_category", [
            "list": .text(stats.byCategory.map { "\(words.categoryPlural($0.category)) \($0.count)" }.joined(separator: ", ")),
        ]))
        lines.append(words.string("stats.by_colour", [
            "list": .text(stats.byColour.map { "\(words.colorFamilyName($0.family)) \($0.count)" }.joined(separator: ", ")),
        ]))
        lines.append(words.string("stats.per_month", ["list": .text(stats.months.map { "\($0.label(words)) \($0.count)" }.joined(separator: ", "))]))
        let dated = stats.months.reduce(0) { $0 + $1.count }
        let undated = stats.pieces.reduce(0) { $0 + $1.wears } - dated
        if undated > 0 { lines.append(words.string("stats.undated", ["count": .integer(undated)])) }
        return lines
    }

    /// The caption for one piece.
    static func piece(_ piece: PieceWear, dated: [LocalDate], months: [MonthCount], today: LocalDate, _ words: Phrasebook) -> RichText {
        var lines = [
            words.string(dated.count < piece.wears ? "stats.piece.worn_dated" : "stats.piece.worn", [
                "count": .integer(piece.wears), "dated": .integer(dated.count),
            ]),
        ]
        if let last = piece.lastWorn {
            let ago = today.dayNumber - last.dayNumber
            let key = ago == 0 ? "stats.piece.last_today" : ago == 1 ? "stats.piece.last_yesterday" : "stats.piece.last_ago"
            lines.append(words.string(key, ["date": .text(last.description), "count": .integer(ago)]))
        }
        if let first = dated.min() { lines.append(words.string("stats.piece.first", ["date": .text(first.description)])) }
        if let price = piece.item.price {
            lines.append(piece.costPerWearPrice.map {
                words.string("stats.piece.cost", ["price": price.argument, "wears": .integer(piece.wears), "per_wear": $0.argument])
            } ?? words.string("stats.piece.cost_unworn", ["price": price.argument]))
        }
        let recent = months.reduce(0) { $0 + $1.count }
        lines.append(words.string("stats.piece.recent", [
            "wears": .text(words.string("stats.wears", ["count": .integer(recent)])),
            "list": .text(months.filter { $0.count > 0 }.map { "\($0.label(words)) \($0.count)" }.joined(separator: ", ")),
        ]))
        return RichText.bold(name(piece)) + .plain("\n" + lines.joined(separator: "\n"))
    }
}
