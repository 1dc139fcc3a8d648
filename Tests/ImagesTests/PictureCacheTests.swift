import Images
import Testing

@Suite("Picture cache")
struct PictureCacheTests {
    func entry(_ size: Int, fill: UInt8 = 1) -> PictureCache.Entry {
        PictureCache.Entry(image: EncodedImage(bytes: Array(repeating: fill, count: size), width: 1, height: 1, format: .jpeg), sha256: "\(fill)")
    }

    @Test("A kept picture comes back by its key, and another key finds nothing")
    func keepsByKey() {
        let cache = PictureCache(byteLimit: 10_000, entryLimit: 10)
        cache.keep(entry(100, fill: 7), for: "a")
        #expect(cache.picture("a")?.image.bytes == Array(repeating: 7, count: 100))
        #expect(cache.picture("b") == nil)
    }

    @Test("The cache drops the least recently used picture to stay within its bytes")
    func dropsLeastRecentlyUsedByBytes() {
        let cache = PictureCache(byteLimit: 350, entryLimit: 10)
        cache.keep(entry(100, fill: 1), for: "a")
        cache.keep(entry(100, fill: 2), for: "b")
        cache.keep(entry(100, fill: 3), for: "c")
        _ = cache.picture("a")
        cache.keep(entry(100, fill: 4), for: "d")
        #expect(cache.picture("b") == nil, "b was used least recently")
        #expect(cache.picture("a") != nil && cache.picture("c") != nil && cache.picture("d") != nil)
        #expect(cache.byteCount <= 350)
    }

    @Test("The cache holds at most its number of pictures, and none larger than its whole budget")
    func boundsEntriesAndSize() {
        let cache = PictureCache(byteLimit: 1_000, entryLimit: 2)
        for (index, key) in ["a", "b", "c"].enumerated() { cache.keep(entry(10, fill: UInt8(index)), for: key) }
        #expect(cache.count == 2 && cache.picture("a") == nil)
        cache.keep(entry(2_000), for: "huge")
        #expect(cache.picture("huge") == nil && cache.count == 2)
        let none = PictureCache(byteLimit: 0, entryLimit: 0)
        none.keep(entry(1), for: "a")
        #expect(none.picture("a") == nil)
    }

    @Test("Keeping a key again replaces its picture without counting it twice")
    func replacesByKey() {
        let cache = PictureCache(byteLimit: 1_000, entryLimit: 10)
        cache.keep(entry(100, fill: 1), for: "a")
        cache.keep(entry(200, fill: 2), for: "a")
        #expect(cache.count == 1 && cache.byteCount == 201)
        #expect(cache.picture("a")?.sha256 == "2")
    }
}
