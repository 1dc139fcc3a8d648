import Closet

/// Closet items for try-on tests.
enum ClosetItemFixture {
    static func blazer() throws -> ClosetItem {
        ClosetItem(name: "Navy wool blazer", category: .outerwear, formality: 4, color: ItemColor(name: "navy", family: .navy))
    }
}
