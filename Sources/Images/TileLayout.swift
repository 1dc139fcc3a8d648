/// Where the tiles of a picture go: arithmetic only, no pixels, so the layouts are easy to check.
enum TileLayout {
    /// A rectangle in pixels from the top-left corner.
    struct Rect: Sendable, Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
    }

    /// A canvas size and the rectangles on it, in tile order.
    struct Plan: Sendable, Equatable {
        var width: Int
        var height: Int
        var rects: [Rect]
    }

    /// The flat-lay: `column` square tiles of `tile` px stacked top to bottom (outerwear, top, bottom, shoes),
    /// then `side` smaller tiles of `sideTile` px stacked beside the column's top (accessories).
    static func flatLay(column: Int, side: Int, tile: Int, sideTile: Int, padding: Int) -> Plan {
        var rects: [Rect] = []
        for index in 0..<column {
            rects.append(Rect(x: padding, y: padding + index * (tile + padding), width: tile, height: tile))
        }
        let sideX = padding + tile + padding
        for index in 0..<side {
            rects.append(Rect(x: sideX, y: padding + index * (sideTile + padding), width: sideTile, height: sideTile))
        }
        let columnHeight = column * (tile + padding)
        let sideHeight = side * (sideTile + padding)
        let width = padding + tile + padding + (side > 0 ? sideTile + padding : 0)
        return Plan(width: width, height: padding + max(columnHeight, sideHeight), rects: rects)
    }

    /// `count` square cells of `cell` px in rows of at most `across`, left to right, top to bottom.
    static func grid(count: Int, across: Int, cell: Int, padding: Int) -> Plan {
        let columns = max(1, min(count, across))
        let rows = (count + columns - 1) / columns
        let rects = (0..<count).map { index in
            Rect(x: padding + (index % columns) * (cell + padding), y: padding + (index / columns) * (cell + padding), width: cell, height: cell)
        }
        return Plan(width: padding + columns * (cell + padding), height: padding + max(1, rows) * (cell + padding), rects: rects)
    }

    /// Pictures of these sizes side by side in one row, each centred on the row's height.
    static func row(_ sizes: [(width: Int, height: Int)], padding: Int) -> Plan {
        let height = sizes.map(\.height).max() ?? 0
        var x = padding
        var rects: [Rect] = []
        for size in sizes {
            rects.append(Rect(x: x, y: padding + (height - size.height) / 2, width: size.width, height: size.height))
            x += size.width + padding
        }
        return Plan(width: x, height: padding + height + padding, rects: rects)
    }
}
