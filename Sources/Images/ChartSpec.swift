/// What a bar chart image shows: a title, a subtitle, then rows of one or two sections of bars.
public struct ChartSpec: Sendable, Equatable {
    /// The heading at the top.
    public var title: String
    /// A line under the heading; empty for none.
    public var subtitle: String
    /// Layout rows from top to bottom; each holds one section across the width or two side by side.
    public var rows: [[ChartSection]]

    /// Creates a chart description.
    public init(title: String, subtitle: String = "", rows: [[ChartSection]]) {
        self.title = title
        self.subtitle = subtitle
        self.rows = rows
    }
}

/// One titled group of bars.
public struct ChartSection: Sendable, Equatable {
    /// How the bars stand.
    public enum Orientation: Sendable, Equatable {
        /// Vertical bars side by side with their label underneath and value on top (e.g. months).
        case columns
        /// Horizontal bars one under the other, label on the left and value after the bar (e.g. ranked pieces).
        case rows
    }

    /// The section's heading.
    public var title: String
    /// Columns or rows.
    public var orientation: Orientation
    /// The bars, in the order drawn.
    public var bars: [ChartBar]

    /// Creates a section.
    public init(title: String, orientation: Orientation, bars: [ChartBar]) {
        self.title = title
        self.orientation = orientation
        self.bars = bars
    }
}

/// One bar: its label, its length as a number, the text shown as its value, and optionally its own colour.
public struct ChartBar: Sendable, Equatable {
    /// The name under a column or left of a row.
    public var label: String
    /// Bars of a section are scaled to its largest value; zero, negative or non-finite draws no bar.
    public var value: Double
    /// Shown at the end of the bar, e.g. "12" or "3.20 EUR".
    public var valueText: String
    /// nil uses the style's bar colour.
    public var color: RGB?

    /// Creates a bar.
    public init(label: String, value: Double, valueText: String, color: RGB? = nil) {
        self.label = label
        self.value = value
        self.valueText = valueText
        self.color = color
    }
}

/// Sizes, fonts and colours of a chart; the defaults make a 1080 px wide image readable on a phone.
public struct ChartStyle: Sendable, Equatable {
    /// Image width.
    public var width: Int = 1080
    /// Space around the chart.
    public var margin: Int = 48
    /// Space between two sections side by side.
    public var gutter: Int = 40
    /// Space between layout rows.
    public var sectionGap: Int = 36
    /// Heading font size in pixels.
    public var titleSize: Int = 56
    /// Subtitle and section heading font size.
    public var headingSize: Int = 42
    /// Label and value font size.
    public var labelSize: Int = 34
    /// Height of one horizontal bar's row.
    public var rowHeight: Int = 62
    /// Thickness of a horizontal bar.
    public var barThickness: Int = 40
    /// Tallest vertical bar.
    public var columnHeight: Int = 260
    /// Share of a rows section's width given to the labels.
    public var labelShare: Double = 0.44
    /// Width kept for the value text after a horizontal bar.
    public var valueWidth: Int = 160
    /// Longest label, in characters, before it is cut with "…".
    public var maximumLabelLength: Int = 32
    /// Most bars one section draws.
    public var maximumBars: Int = 24
    /// Most layout rows one chart draws.
    public var maximumRows: Int = 8
    /// Pango font family, without size.
    public var font: String = "sans"
    /// Canvas colour.
    public var background = RGB(250, 248, 244)
    /// Colour of headings and labels.
    public var textColor = RGB(grey: 30)
    /// Colour of subtitle and values.
    public var mutedColor = RGB(grey: 95)
    /// Colour of bars without their own.
    public var barColor = RGB(44, 98, 160)
    /// Outline drawn around bars too light to see on the background.
    public var outlineColor = RGB(grey: 170)

    /// The default style.
    public init() {}
}
