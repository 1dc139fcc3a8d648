/// Where everything of a chart goes, computed from the spec and style alone (no libvips), so the drawing can be
/// checked pixel by pixel against it.
public struct ChartLayout: Sendable, Equatable {
    /// A rectangle in image pixels.
    public struct Box: Sendable, Equatable {
        /// Left edge.
        public var x: Int
        /// Top edge.
        public var y: Int
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int

        /// The pixel in the middle.
        public var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    }

    /// A drawn bar: which section (layout row, column) and bar it is, where, and in which colour.
    public struct Bar: Sendable, Equatable {
        /// The spec's layout row.
        public var row: Int
        /// 0, or 1 for the right of two sections side by side.
        public var column: Int
        /// The bar's position in its section.
        public var index: Int
        /// Where it is drawn.
        public var box: Box
        /// Its fill.
        public var color: RGB
    }

    /// A line of text in a box.
    public struct Text: Sendable, Equatable {
        /// Where the text sits in its box.
        public enum Alignment: Sendable, Equatable { case leading, center, trailing }
        /// The words, already cut to length.
        public var text: String
        /// The box it is fitted into.
        public var box: Box
        /// Font size in pixels.
        public var size: Int
        /// Bold face.
        public var bold: Bool
        /// Ink colour.
        public var color: RGB
        /// Horizontal placement in the box.
        public var alignment: Alignment
    }

    /// Image width.
    public var width: Int
    /// Image height, from the content.
    public var height: Int
    /// Every bar with a length; zero values have none.
    public var bars: [Bar]
    /// Every text, headings first.
    public var texts: [Text]

    /// Lays out `spec` in `style`; sections beyond the style's limits are left out, labels cut to length.
    public init(spec: ChartSpec, style: ChartStyle) {
        var bars: [Bar] = []
        var texts: [Text] = []
        let inner = style.width - 2 * style.margin
        var y = style.margin
        let titleHeight = style.titleSize * 3 / 2
        texts.append(Text(
            text: ChartLayout.cut(spec.title, to: 60), box: Box(x: style.margin, y: y, width: inner, height: titleHeight), size: style.titleSize,
            bold: true, color: style.textColor, alignment: .leading))
        y += titleHeight
        if !spec.subtitle.isEmpty {
            let height = style.headingSize * 3 / 2
            texts.append(Text(
                text: ChartLayout.cut(spec.subtitle, to: 80), box: Box(x: style.margin, y: y, width: inner, height: height),
                size: style.headingSize * 4 / 5, bold: false, color: style.mutedColor, alignment: .leading))
            y += height
        }
        for (rowIndex, row) in spec.rows.prefix(style.maximumRows).enumerated() {
            let sections = Array(row.prefix(2))
            guard !sections.isEmpty else { continue }
            y += style.sectionGap
            let columnWidth = (inner - style.gutter * (sections.count - 1)) / sections.count
            var bottom = y
            for (columnIndex, section) in sections.enumerated() {
                let x = style.margin + columnIndex * (columnWidth + style.gutter)
                var placed = ChartLayout.section(section, x: x, y: y, width: columnWidth, style: style)
                for index in placed.bars.indices {
                    placed.bars[index].row = rowIndex
                    placed.bars[index].column = columnIndex
                }
                bars += placed.bars
                texts += placed.texts
                bottom = max(bottom, placed.bottom)
            }
            y = bottom
        }
        width = style.width
        height = y + style.margin
        self.bars = bars
        self.texts = texts
    }

    /// One section at `x`,`y`, `width` wide: its heading, then its bars; returns where it ends.
    private static func section(
        _ section: ChartSection, x: Int, y: Int, width: Int, style: ChartStyle
    ) -> (bars: [Bar], texts: [Text], bottom: Int) {
        var bars: [Bar] = []
        let headingHeight = style.headingSize * 3 / 2
        var texts = [Text(
            text: cut(section.title, to: style.maximumLabelLength + 10), box: Box(x: x, y: y, width: width, height: headingHeight),
            size: style.headingSize, bold: true, color: style.textColor, alignment: .leading)]
        var top = y + headingHeight
        let shown = Array(section.bars.prefix(style.maximumBars))
        let largest = shown.map { $0.value.isFinite ? $0.value : 0 }.max() ?? 0
        func share(_ bar: ChartBar) -> Double { largest > 0 && bar.value.isFinite && bar.value > 0 ? bar.value / largest : 0 }
        let lineHeight = style.labelSize * 4 / 3
        switch section.orientation {
        case .rows:
            let labelWidth = Int(Double(width) * style.labelShare)
            let barStart = x + labelWidth + style.labelSize / 2
            let longest = max(0, x + width - style.valueWidth - barStart)
            for (index, bar) in shown.enumerated() {
                let barTop = top + (style.rowHeight - style.barThickness) / 2
                let length = Int((share(bar) * Double(longest)).rounded())
                texts.append(Text(
                    text: cut(bar.label, to: style.maximumLabelLength), box: Box(x: x, y: top, width: labelWidth, height: style.rowHeight),
                    size: style.labelSize, bold: false, color: style.textColor, alignment: .leading))
                if length > 0 {
                    bars.append(Bar(row: 0, column: 0, index: index, box: Box(x: barStart, y: barTop, width: length, height: style.barThickness),
                                    color: bar.color ?? style.barColor))
                }
                texts.append(Text(
                    text: cut(bar.valueText, to: 16), box: Box(x: barStart + length + 10, y: top, width: style.valueWidth - 10, height: style.rowHeight),
                    size: style.labelSize, bold: true, color: style.mutedColor, alignment: .leading))
                top += style.rowHeight
            }
        case .columns:
            let slot = shown.isEmpty ? width : width / shown.count
            let barWidth = max(4, slot * 5 / 8)
            let baseline = top + lineHeight + style.columnHeight
            for (index, bar) in shown.enumerated() {
                let slotX = x + index * slot
                let height = Int((share(bar) * Double(style.columnHeight)).rounded())
                if height > 0 {
                    bars.append(Bar(row: 0, column: 0, index: index, box: Box(x: slotX + (slot - barWidth) / 2, y: baseline - height, width: barWidth, height: height),
                                    color: bar.color ?? style.barColor))
                }
                texts.append(Text(
                    text: cut(bar.valueText, to: 8), box: Box(x: slotX, y: baseline - height - lineHeight, width: slot, height: lineHeight),
                    size: style.labelSize * 5 / 6, bold: true, color: style.mutedColor, alignment: .center))
                texts.append(Text(
                    text: cut(bar.label, to: 8), box: Box(x: slotX, y: baseline + 4, width: slot, height: lineHeight),
                    size: style.labelSize * 5 / 6, bold: false, color: style.textColor, alignment: .center))
            }
            top = baseline + 4 + lineHeight
        }
        return (bars, texts, top)
    }

    /// `text` cut to `length` characters with "…" when longer; newlines become spaces.
    static func cut(_ text: String, to length: Int) -> String {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        return flat.count <= length ? flat : String(flat.prefix(max(1, length - 1))) + "…"
    }
}
