import Closet
import Foundation
import Schedule
import Storage

/// One piece with its wear figures.
struct PieceWear: Sendable, Hashable {
    let item: ClosetItem
    /// Every wear counted (`wear_count`: the log plus wears from before it, which have no date).
    var wears: Int { item.wearCount }
    /// The latest known day it was worn: the log's, or the local day of `last_worn_at` for wears from before the log.
    let lastWorn: LocalDate?

    /// Price ÷ wears, for a priced piece worn at least once.
    var costPerWear: Double? {
        guard let price = item.price, wears > 0 else { return nil }
        return price.amount / Double(wears)
    }

    /// The cost per wear as a price in the piece's currency.
    var costPerWearPrice: Price? {
        costPerWear.flatMap { try? Price(amount: $0, currency: item.currency) }
    }

    /// "79.90 EUR" for the cost per wear, in the piece's currency.
    var costPerWearText: String? {
        guard let value = costPerWear, let price = try? Price(amount: value, currency: item.currency) else { return nil }
        return price.formatted
    }
}

/// Wears in one calendar month.
struct MonthCount: Sendable, Hashable {
    /// The month's first day.
    let start: LocalDate
    let count: Int

    /// The short month name in the reader's language, with the year for January ("Jan 26").
    func label(_ words: Phrasebook) -> String {
        let (year, month, _) = start.components
        let name = words.shortMonth(month)
        return month == 1 ? "\(name) \(String(format: "%02d", year % 100))" : name
    }

    /// "March 2026" in the reader's language.
    func longLabel(_ words: Phrasebook) -> String {
        let (year, month, _) = start.components
        return "\(words.longMonth(month)) \(year)"
    }

    /// "Mar", or "Jan 26" for January (so the year shows where it changes).
    var label: String {
        let (year, month, _) = start.components
        let name = MonthCount.names[month - 1]
        return month == 1 ? "\(name) \(String(format: "%02d", year % 100))" : name
    }

    /// "March 2026".
    var longLabel: String {
        let (year, month, _) = start.components
        return "\(MonthCount.longNames[month - 1]) \(year)"
    }

    /// Short month names for the columns.
    static let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// Month names for sentences.
    static let longNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// The first days of the `count` months ending with the month of `today`, oldest first.
    static func months(endingAt today: LocalDate, count: Int) -> [LocalDate] {
        let (year, month, _) = today.components
        return (0..<count).reversed().map { back in
            let index = year * 12 + (month - 1) - back
            return LocalDate(year: index / 12, month: index % 12 + 1, day: 1)
        }
    }

    /// Counts `days` per month over the `count` months ending with `today`'s month.
    static func counts(of days: [LocalDate], endingAt today: LocalDate, count: Int) -> [MonthCount] {
        let starts = months(endingAt: today, count: count)
        var counts = [Int](repeating: 0, count: starts.count)
        for day in days {
            // The last month whose start is on or before the day; days before the window are left out.
            guard let index = starts.lastIndex(where: { $0 <= day }), day <= today else { continue }
            counts[index] += 1
        }
        return zip(starts, counts).map { MonthCount(start: $0, count: $1) }
    }
}

/// What one currency's priced pieces cost per wear together.
struct CurrencyCost: Sendable, Hashable {
    /// The ISO code; nil for prices saved without one.
    let currency: String?
    /// Priced pieces in this currency.
    let pieces: Int
    /// Their prices added up.
    let spent: Double
    /// Their wears added up.
    let wears: Int

    /// Spent ÷ wears as a price; nil before any of them was worn.
    var perWear: Price? {
        guard wears > 0 else { return nil }
        return try? Price(amount: spent / Double(wears), currency: currency)
    }

    /// Spent ÷ wears, "3.20 EUR"; nil before any of them was worn.
    var perWearText: String? {
        guard wears > 0, let price = try? Price(amount: spent / Double(wears), currency: currency) else { return nil }
        return price.formatted
    }
}

/// The figures `/stats` shows, computed from a closet, its wear log and today's date (pure, no I/O).
struct WearStatistics: Sendable {
    /// A piece idle this many days (and in the closet at least as long) is listed as not worn lately.
    static let idleDays = 90
    /// Months in the wears-per-month bars.
    static let monthCount = 12
    /// Entries per ranked list.
    static let listLength = 5

    let today: LocalDate
    /// Every piece, by number.
    let pieces: [PieceWear]
    /// Worn pieces, most wears first (ties by number), at most `listLength`.
    let mostWorn: [PieceWear]
    /// Fewest wears first (ties: longest unworn, then number), not repeating `mostWorn`, at most `listLength`.
    let leastWorn: [PieceWear]
    /// Pieces in the closet for `idleDays` or more without a wear in the last `idleDays` days; never worn first.
    let idle: [PieceWear]
    /// Priced pieces worn at least once, highest cost per wear first.
    let costPerWear: [PieceWear]
    /// Priced pieces not worn yet.
    let pricedUnworn: [PieceWear]
    /// Per currency, most pieces first; prices in different currencies are never added together.
    let currencies: [CurrencyCost]
    /// Pieces per category, in the category order, only categories the closet has.
    let byCategory: [(category: Category, count: Int)]
    /// Pieces per colour family, most first (ties in family order).
    let byColour: [(family: ColorFamily, count: Int)]
    /// Logged wears per month, the last `monthCount` months, oldest first.
    let months: [MonthCount]

    /// Every wear counted, undated ones included.
    var totalWears: Int { pieces.reduce(0) { $0 + $1.wears } }

    /// Computes the figures; `log` needs only the wears of the month window, `lastLogged` the latest logged day per item id.
    init(items: [ClosetItem], log: [WearRecord], lastLogged: [Int64: LocalDate], today: LocalDate, zone: TimeZone) {
        self.today = today
        let pieces = items.sorted { $0.number < $1.number }.map { item in
            let before = item.lastWornAt.map { ZonedTime.localDate(of: $0, in: zone) }
            let logged = lastLogged[item.id]
            return PieceWear(item: item, lastWorn: [before, logged].compactMap { $0 }.max())
        }
        self.pieces = pieces
        let most = Array(pieces.filter { $0.wears > 0 }.sorted { ($0.wears, -$0.item.number) > ($1.wears, -$1.item.number) }.prefix(Self.listLength))
        mostWorn = most
        let shown = Set(most.map(\.item.id))
        leastWorn = Array(pieces.filter { !shown.contains($0.item.id) }.sorted { lhs, rhs in
            if lhs.wears != rhs.wears { return lhs.wears < rhs.wears }
            let left = lhs.lastWorn?.dayNumber ?? Int.min, right = rhs.lastWorn?.dayNumber ?? Int.min
            return left != right ? left < right : lhs.item.number < rhs.item.number
        }.prefix(Self.listLength))
        let cutoff = today.adding(days: -(Self.idleDays - 1))
        idle = pieces.filter { piece in
            ZonedTime.localDate(of: piece.item.addedAt, in: zone) < cutoff && (piece.lastWorn.map { $0 < cutoff } ?? true)
        }.sorted { ($0.lastWorn?.dayNumber ?? Int.min, $0.item.number) < ($1.lastWorn?.dayNumber ?? Int.min, $1.item.number) }
        let priced = pieces.filter { $0.item.price != nil }
        costPerWear = priced.filter { $0.wears > 0 }.sorted { lhs, rhs in
            let left = lhs.costPerWear ?? 0, right = rhs.costPerWear ?? 0
            return left != right ? left > right : lhs.item.number < rhs.item.number
        }
        pricedUnworn = priced.filter { $0.wears == 0 }
        var groups: [String: [PieceWear]] = [:]
        for piece in priced { groups[piece.item.currency ?? "", default: []].append(piece) }
        currencies = groups.map { code, members in
            CurrencyCost(
                currency: code.isEmpty ? nil : code, pieces: members.count,
                spent: members.reduce(0) { $0 + ($1.item.price?.amount ?? 0) }, wears: members.reduce(0) { $0 + $1.wears })
        }.sorted { ($0.pieces, $1.currency ?? "") > ($1.pieces, $0.currency ?? "") }
        byCategory = Category.allCases.compactMap { category in
            let count = items.filter { $0.category == category }.count
            return count > 0 ? (category, count) : nil
        }
        let families = ColorFamily.allCases
        byColour = families.compactMap { family in
            let count = items.filter { $0.color.family == family }.count
            return count > 0 ? (family, count) : nil
        }.sorted { lhs, rhs in
            lhs.count != rhs.count ? lhs.count > rhs.count : families.firstIndex(of: lhs.family)! < families.firstIndex(of: rhs.family)!
        }
        months = MonthCount.counts(of: log.map(\.date), endingAt: today, count: Self.monthCount)
    }

    /// The first day of the month window, for reading only the log it needs.
    static func windowStart(today: LocalDate) -> LocalDate {
        MonthCount.months(endingAt: today, count: monthCount)[0]
    }
}
