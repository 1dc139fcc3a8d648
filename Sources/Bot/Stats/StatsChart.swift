import Closet
import Foundation
import Images
import Schedule

/// The `/stats` figures as a chart description for `ImageProcessor.chart`.
enum StatsChart {
    /// The closet overview: wears per month, most worn, cost per wear (the main currency), then category beside colour.
    static func overview(_ stats: WearStatistics, _ words: Phrasebook) -> ChartSpec {
        var rows: [[ChartSection]] = [[months(stats.months, words)]]
        if !stats.mostWorn.isEmpty {
            rows.append([ChartSection(title: words.string("stats.chart.most_worn"), orientation: .rows, bars: stats.mostWorn.map {
                ChartBar(label: StatsText.name($0), value: Double($0.wears), valueText: "\($0.wears)×")
            })])
        }
        // Costs in different currencies can't share a scale: the chart shows the currency most pieces have.
        if let main = stats.currencies.first {
            let pieces = stats.costPerWear.filter { $0.item.currency == main.currency }.prefix(WearStatistics.listLength)
            if !pieces.isEmpty {
                let title = main.currency.map { words.string("stats.chart.cost_currency", ["currency": .text($0)]) } ?? words.string("stats.chart.cost")
                rows.append([ChartSection(title: title, orientation: .rows, bars: pieces.map {
                    // The currency is in the heading; the bare amount fits beside the longest bar.
                    ChartBar(label: StatsText.name($0), value: $0.costPerWear ?? 0,
                             valueText: (try? Price(amount: $0.costPerWear ?? 0)).map(\.formattedAmount) ?? "")
                })])
            }
        }
        rows.append([
            ChartSection(title: words.string("stats.chart.by_category"), orientation: .rows, bars: stats.byCategory.map {
                ChartBar(label: words.categoryPlural($0.category), value: Double($0.count), valueText: "\($0.count)")
            }),
            ChartSection(title: words.string("stats.chart.by_colour"), orientation: .rows, bars: stats.byColour.prefix(6).map {
                ChartBar(label: words.colorFamilyName($0.family), value: Double($0.count), valueText: "\($0.count)", color: swatch($0.family))
            }),
        ])
        let subtitle = words.string("stats.summary", [
            "pieces": .text(words.string("closet.count", ["count": .integer(stats.pieces.count)])),
            "wears": .text(words.string("stats.wears", ["count": .integer(stats.totalWears)])),
            "idle": .integer(stats.idle.count), "days": .integer(WearStatistics.idleDays),
        ])
        return ChartSpec(title: words.string("stats.chart.title"), subtitle: subtitle, rows: rows)
    }

    /// One piece: its wears per month.
    static func piece(_ piece: PieceWear, months counts: [MonthCount], _ words: Phrasebook) -> ChartSpec {
        var subtitle = words.string("stats.wears", ["count": .integer(piece.wears)])
        if let last = piece.lastWorn { subtitle += " · " + words.string("stats.chart.last", ["date": .text(last.description)]) }
        if let cost = piece.costPerWearPrice { subtitle += " · " + words.string("stats.chart.per_wear", ["price": cost.argument]) }
        return ChartSpec(title: StatsText.name(piece), subtitle: subtitle, rows: [[months(counts, words)]])
    }

    /// Month columns, oldest first.
    static func months(_ counts: [MonthCount], _ words: Phrasebook) -> ChartSection {
        ChartSection(title: words.string("stats.chart.per_month"), orientation: .columns, bars: counts.map {
            ChartBar(label: $0.label(words), value: Double($0.count), valueText: "\($0.count)")
        })
    }

    /// A colour family's swatch for its bar.
    static func swatch(_ family: ColorFamily) -> RGB {
        switch family {
        case .black: return RGB(grey: 25)
        case .white: return RGB(grey: 255)
        case .grey: return RGB(grey: 140)
        case .navy: return RGB(28, 42, 92)
        case .beige: return RGB(216, 198, 162)
        case .camel: return RGB(193, 140, 82)
        case .brown: return RGB(110, 72, 44)
        case .olive: return RGB(112, 116, 56)
        case .denim: return RGB(70, 104, 150)
        case .red: return RGB(196, 36, 44)
        case .orange: return RGB(232, 128, 36)
        case .yellow: return RGB(236, 200, 40)
        case .green: return RGB(52, 136, 72)
        case .teal: return RGB(24, 140, 140)
        case .blue: return RGB(40, 96, 200)
        case .purple: return RGB(120, 64, 160)
        case .pink: return RGB(232, 120, 170)
        case .metallic: return RGB(180, 170, 140)
        case .multi: return RGB(150, 110, 170)
        }
    }
}
