import Chat
import Closet
import Foundation
import Schedule

/// The words of `/stats`: a short caption for the chart and the full lists as a follow-up.
enum StatsText {
    /// Telegram's caption limit is 1024 characters; the caption stays under it with room to spare.
    static let captionBudget = 1000
    /// Entries per list in the follow-up, so a closet of thousands stays one or two messages.
    static let detailListLength = 25

    /// "#3 Navy wool blazer", the name cut to 40 characters.
    static func name(_ piece: PieceWear) -> String {
        "#\(piece.item.number) " + (piece.item.name.count > 40 ? String(piece.item.name.prefix(39)) + "…" : piece.item.name)
    }

    /// The caption (heading plus the lines that fit the budget) and the details (everything else, for screen readers too).
    static func overview(_ stats: WearStatistics) -> (caption: RichText, details: String) {
        let heading = "Wear statistics, \(stats.today)"
        var summary: [String] = [
            "\(stats.pieces.count) piece\(stats.pieces.count == 1 ? "" : "s") · \(stats.totalWears) wear\(stats.totalWears == 1 ? "" : "s")"
                + " · \(stats.idle.count) not worn in \(WearStatistics.idleDays) days",
        ]
        if !stats.mostWorn.isEmpty {
            summary.append("Most worn: " + stats.mostWorn.prefix(3).map { "\(name($0)) \($0.wears)×" }.joined(separator: ", "))
        }
        if !stats.leastWorn.isEmpty {
            summary.append("Least worn: " + stats.leastWorn.prefix(3).map { "\(name($0)) \($0.wears)×" }.joined(separator: ", "))
        }
        if !stats.idle.isEmpty {
            let shown = stats.idle.prefix(5).map { "#\($0.item.number)" }.joined(separator: ", ")
            summary.append("Not worn in \(WearStatistics.idleDays) days: \(shown)" + (stats.idle.count > 5 ? " and \(stats.idle.count - 5) more" : ""))
        }
        let costs = stats.currencies.compactMap { cost in
            cost.perWearText.map { "\($0) (\(cost.pieces) piece\(cost.pieces == 1 ? "" : "s"))" }
        }
        if !costs.isEmpty { summary.append("Cost per wear: " + costs.joined(separator: ", ")) }
        if let busiest = stats.months.max(by: { ($0.count, $0.start) < ($1.count, $1.start) }), busiest.count > 0 {
            summary.append("Busiest month: \(busiest.longLabel) (\(busiest.count) wear\(busiest.count == 1 ? "" : "s"))")
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
        let details = overflow + detailLines(stats)
        if !details.isEmpty { caption.append("Details below.") }
        return (RichText.bold(heading) + .plain("\n" + caption.joined(separator: "\n")), details.joined(separator: "\n"))
    }

    /// Everything the caption leaves out: the idle list with dates, cost per wear per piece, the closet by
    /// category and colour, and the month counts in words.
    static func detailLines(_ stats: WearStatistics) -> [String] {
        var lines: [String] = []
        if !stats.idle.isEmpty {
            lines.append("\nNot worn in \(WearStatistics.idleDays) days:")
            lines += stats.idle.prefix(detailListLength).map { "• \(name($0)): " + ($0.lastWorn.map { "last worn \($0)" } ?? "never worn") }
            if stats.idle.count > detailListLength { lines.append("…and \(stats.idle.count - detailListLength) more.") }
        }
        if !stats.costPerWear.isEmpty || !stats.pricedUnworn.isEmpty {
            lines.append("\nCost per wear (price ÷ wears):")
            var costs = stats.costPerWear.map { piece in
                "• \(name(piece)): \(piece.item.price?.formatted ?? "") ÷ \(piece.wears) = \(piece.costPerWearText ?? "")"
            }
            costs += stats.pricedUnworn.map { "• \(name($0)): \($0.item.price?.formatted ?? ""), not worn yet" }
            lines += costs.prefix(detailListLength)
            if costs.count > detailListLength { lines.append("…and \(costs.count - detailListLength) more.") }
        }
        lines.append("\nBy category: " + stats.byCategory.map { "\($0.category.plural) \($0.count)" }.joined(separator: ", "))
        lines.append("By colour: " + stats.byColour.map { "\($0.family.rawValue) \($0.count)" }.joined(separator: ", "))
        lines.append("Wears per month: " + stats.months.map { "\($0.label) \($0.count)" }.joined(separator: ", "))
        let dated = stats.months.reduce(0) { $0 + $1.count }
        let undated = stats.pieces.reduce(0) { $0 + $1.wears } - dated
        if undated > 0 {
            lines.append("\(undated) wear\(undated == 1 ? " is" : "s are") older than 12 months or from before the wear log had dates: "
                + "counted in the totals and cost per wear, not in the months.")
        }
        return lines
    }

    /// The caption for one piece.
    static func piece(_ piece: PieceWear, dated: [LocalDate], months: [MonthCount], today: LocalDate) -> RichText {
        var lines = ["Worn \(piece.wears)×" + (dated.count < piece.wears ? " (\(dated.count) with a date)" : "")]
        if let last = piece.lastWorn {
            let ago = today.dayNumber - last.dayNumber
            lines.append("Last worn \(last)" + (ago == 0 ? " (today)" : ago == 1 ? " (yesterday)" : " (\(ago) days ago)"))
        }
        if let first = dated.min() { lines.append("First logged \(first)") }
        if let price = piece.item.price {
            lines.append(piece.costPerWearText.map { "Cost per wear: \(price.formatted) ÷ \(piece.wears) = \($0)" }
                ?? "Cost per wear: \(price.formatted), not worn yet")
        }
        let recent = months.reduce(0) { $0 + $1.count }
        lines.append("Last 12 months: \(recent) wear\(recent == 1 ? "" : "s") — " + months.filter { $0.count > 0 }.map { "\($0.label) \($0.count)" }.joined(separator: ", "))
        return RichText.bold(name(piece)) + .plain("\n" + lines.joined(separator: "\n"))
    }
}
