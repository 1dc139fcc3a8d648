import Images
import Testing
import WardrobeTestKit

@Suite("Charts")
struct ChartTests {
    let processor = ImageProcessor()

    static let spec = ChartSpec(title: "Your wear statistics", subtitle: "3 pieces · 12 wears", rows: [
        [ChartSection(title: "Wears per month", orientation: .columns, bars: [
            ChartBar(label: "Jan 26", value: 2, valueText: "2"), ChartBar(label: "Feb", value: 0, valueText: "0"),
            ChartBar(label: "Mar", value: 8, valueText: "8"), ChartBar(label: "Apr", value: 4, valueText: "4"),
        ])],
        [ChartSection(title: "Most worn", orientation: .rows, bars: [
            ChartBar(label: "#1 Tom & Jerry <3 tee", value: 6, valueText: "6×"),
            ChartBar(label: "#2 Navy blazer", value: 3, valueText: "3×", color: RGB(200, 30, 40)),
        ])],
        [ChartSection(title: "By category", orientation: .rows, bars: [ChartBar(label: "tops", value: 2, valueText: "2")]),
         ChartSection(title: "By colour", orientation: .rows, bars: [ChartBar(label: "white", value: 1, valueText: "1", color: .white)])],
    ])

    static func near(_ pixel: (red: UInt8, green: UInt8, blue: UInt8), _ color: RGB, tolerance: Double = 2) -> Bool {
        abs(Double(pixel.red) - color.red) <= tolerance && abs(Double(pixel.green) - color.green) <= tolerance
            && abs(Double(pixel.blue) - color.blue) <= tolerance
    }

    @Test("A chart is a 1080 px wide PNG whose size matches its layout")
    func sizeAndFormat() throws {
        let chart = try processor.chart(Self.spec)
        #expect(chart.image.format == .png)
        #expect(chart.image.width == 1080)
        #expect(chart.image.height == chart.layout.height)
        let info = try processor.inspect(chart.image.bytes)
        #expect(info.format == .png && info.width == 1080 && info.height == chart.layout.height)
        let pixels = try PNGPixels(chart.image.bytes)
        #expect(pixels.width == 1080 && pixels.height == chart.layout.height)
    }

    @Test("Bars are drawn where the layout puts them, in their colours, scaled to the largest value")
    func barsArePlacedAndColoured() throws {
        let style = ChartStyle()
        let chart = try processor.chart(Self.spec, style: style)
        let pixels = try PNGPixels(chart.image.bytes)
        let bars = chart.layout.bars
        // The zero month draws no bar: 3 columns, 2 rows, 1 + 1 side by side.
        #expect(bars.count == 7)
        let columns = bars.filter { $0.row == 0 }
        #expect(columns.map(\.index) == [0, 2, 3])
        #expect(columns.map(\.box.height) == [style.columnHeight / 4, style.columnHeight, style.columnHeight / 2])
        #expect(Set(columns.map { $0.box.y + $0.box.height }).count == 1, "columns share a baseline")
        for bar in bars {
            let center = bar.box.center
            #expect(Self.near(pixels.pixel(x: center.x, y: center.y), bar.color), "bar \(bar.row).\(bar.index) at \(center)")
        }
        let ranked = bars.filter { $0.row == 1 }
        #expect(ranked[1].box.width * 2 == ranked[0].box.width || abs(ranked[1].box.width * 2 - ranked[0].box.width) <= 1, "3 is half of 6")
        #expect(Self.near(pixels.pixel(x: ranked[1].box.center.x, y: ranked[1].box.center.y), RGB(200, 30, 40)))
        // Just past the end of a bar and above the tallest column is background.
        let pastEnd = ranked[1].box.x + ranked[1].box.width + 2
        #expect(Self.near(pixels.pixel(x: pastEnd, y: ranked[1].box.y + 2), style.background))
        let tallest = columns[1].box
        #expect(Self.near(pixels.pixel(x: tallest.center.x, y: tallest.y - 3), style.background))
        // The two side-by-side sections sit in the left and right halves.
        let sideBySide = bars.filter { $0.row == 2 }
        #expect(sideBySide.map(\.column) == [0, 1])
        #expect(sideBySide[0].box.x < 540 && sideBySide[1].box.x > 540)
    }

    @Test("A white bar gets an outline so it shows on the light background")
    func whiteBarHasAnOutline() throws {
        let style = ChartStyle()
        let chart = try processor.chart(Self.spec, style: style)
        let pixels = try PNGPixels(chart.image.bytes)
        let white = try #require(chart.layout.bars.first { $0.row == 2 && $0.column == 1 })
        #expect(Self.near(pixels.pixel(x: white.box.center.x, y: white.box.center.y), .white))
        #expect(Self.near(pixels.pixel(x: white.box.x, y: white.box.center.y), style.outlineColor))
    }

    @Test("Text is drawn: the title area holds dark ink, long labels are cut, and markup characters are harmless")
    func textIsDrawnAndCut() throws {
        let style = ChartStyle()
        let chart = try processor.chart(Self.spec, style: style)
        let pixels = try PNGPixels(chart.image.bytes)
        let title = try #require(chart.layout.texts.first)
        var darkest = 255
        for y in title.box.y..<(title.box.y + title.box.height) {
            for x in title.box.x..<(title.box.x + 400) { darkest = min(darkest, Int(pixels.pixel(x: x, y: y).red)) }
        }
        #expect(darkest < 100, "the heading's letters are dark on the light background")
        let long = ChartSpec(title: "t", rows: [[ChartSection(title: "s", orientation: .rows, bars: [
            ChartBar(label: String(repeating: "Very long piece name ", count: 10), value: 1, valueText: "1"),
        ])]])
        let layout = ChartLayout(spec: long, style: style)
        let label = try #require(layout.texts.first { $0.text.hasPrefix("Very") })
        #expect(label.text.count == style.maximumLabelLength && label.text.hasSuffix("…"))
    }

    @Test("A spec beyond the limits is bounded: at most 24 bars per section and 8 rows")
    func limitsAreApplied() throws {
        let many = ChartSection(title: "many", orientation: .rows, bars: (0..<500).map { ChartBar(label: "\($0)", value: Double($0), valueText: "\($0)") })
        let layout = ChartLayout(spec: ChartSpec(title: "t", rows: Array(repeating: [many], count: 30)), style: ChartStyle())
        #expect(layout.bars.count <= 24 * 8)
        #expect(Set(layout.bars.map(\.row)).count == 8)
        let odd = ChartSection(title: "odd", orientation: .columns, bars: [
            ChartBar(label: "nan", value: .nan, valueText: "?"), ChartBar(label: "inf", value: .infinity, valueText: "?"),
            ChartBar(label: "neg", value: -3, valueText: "-3"), ChartBar(label: "one", value: 1, valueText: "1"),
        ])
        let drawn = try processor.chart(ChartSpec(title: "t", rows: [[odd]]))
        #expect(drawn.layout.bars.map(\.index) == [3], "only the finite positive value draws a bar")
    }

    @Test("The chart benchmark prints its figures")
    func benchmarkPrints() throws {
        let report = try ChartBenchmark.run(runs: 1)
        #expect(report.contains("1080×") && report.contains("median"))
    }
}
