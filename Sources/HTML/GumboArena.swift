internal import CGumbo
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The memory of one gumbo parse: small blocks from slabs (4 KiB, doubling to 64 KiB) with a free list per size,
/// larger ones from malloc, and all of it released at once after the tree is copied.
///
/// gumbo makes and frees several small blocks per element and attribute; through malloc that
/// was a fifth of the tree's time (malloc, free and heap consolidation), and gumbo's own
/// destroy pass walked the whole tree again to free it. Freed blocks are reused by size, so the
/// footprint stays close to what gumbo holds at once (an arena that never reuses grew to 6–16×
/// the page).
struct GumboArena {
    /// Pages whose reduced copy is smaller than this parse with malloc (see `HTMLDocument.parse`).
    static let smallestPage = 64 * 1024
    /// Block sizes go in steps of 8 bytes up to this; larger blocks come from malloc.
    private static let largestSmallBlock = 512
    /// Slabs start small (a 20 KB page needs little) and double up to the largest size.
    private static let firstSlabSize = 4 * 1024
    private static let largestSlabSize = 64 * 1024
    /// Bytes before each block: the size class, 0 for a malloc'd block.
    private static let headerSize = 8
    /// A malloc'd block also carries the links of the list that frees it at the end.
    private static let largeHeaderSize = 24

    /// Free blocks per size class (index = size / 8), linked through their first word.
    private let freeLists: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    /// The unused rest of the current slab.
    private var cursor: UnsafeMutableRawPointer?
    private var remaining = 0
    /// The size of the next slab.
    private var slabSize = GumboArena.firstSlabSize
    /// Every slab, linked through its first word.
    private var slabs: UnsafeMutableRawPointer?
    /// Live malloc'd blocks in a doubly linked list (prev, next) so freeing one is O(1).
    private var large: UnsafeMutableRawPointer?

    /// An empty arena.
    init() {
        let classes = Self.largestSmallBlock / 8 + 1
        freeLists = .allocate(capacity: classes)
        freeLists.initialize(repeating: nil, count: classes)
    }

    /// A block of at least `size` bytes, 8-byte aligned; nil only when memory is exhausted.
    mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let sizeClass = max(1, (size + 7) / 8)
        guard sizeClass * 8 <= Self.largestSmallBlock else { return allocateLarge(size) }
        if let free = freeLists[sizeClass] {
            freeLists[sizeClass] = free.load(as: UnsafeMutableRawPointer?.self)
            return free
        }
        let needed = Self.headerSize + sizeClass * 8
        if remaining < needed {
            guard let slab = malloc(slabSize) else { return nil }
            slab.storeBytes(of: slabs, as: UnsafeMutableRawPointer?.self)
            slabs = slab
            cursor = slab + 8
            remaining = slabSize - 8
            slabSize = min(slabSize * 2, Self.largestSlabSize)
        }
        guard let block = cursor else { return nil }
        block.storeBytes(of: sizeClass, as: Int.self)
        cursor = block + needed
        remaining -= needed
        return block + Self.headerSize
    }

    /// Returns a block to its size's free list (or to malloc when it was large).
    mutating func free(_ pointer: UnsafeMutableRawPointer?) {
        guard let pointer else { return }
        let sizeClass = (pointer - Self.headerSize).load(as: Int.self)
        if sizeClass > 0 {
            pointer.storeBytes(of: freeLists[sizeClass], as: UnsafeMutableRawPointer?.self)
            freeLists[sizeClass] = pointer
            return
        }
        let block = pointer - Self.largeHeaderSize
        let previous = block.load(as: UnsafeMutableRawPointer?.self)
        let next = block.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        if let previous { previous.storeBytes(of: next, toByteOffset: 8, as: UnsafeMutableRawPointer?.self) } else { large = next }
        if let next { next.storeBytes(of: previous, as: UnsafeMutableRawPointer?.self) }
        releaseToSystem(block)
    }

    /// Frees every slab and every block still allocated; the arena is unusable afterwards.
    mutating func releaseAll() {
        while let slab = slabs {
            slabs = slab.load(as: UnsafeMutableRawPointer?.self)
            releaseToSystem(slab)
        }
        while let block = large {
            large = block.load(fromByteOffset: 8, as: UnsafeMutableRawPointer?.self)
            releaseToSystem(block)
        }
        freeLists.deallocate()
        cursor = nil
        remaining = 0
    }

    private mutating func allocateLarge(_ size: Int) -> UnsafeMutableRawPointer? {
        guard size <= Int.max - Self.largeHeaderSize, let block = malloc(size + Self.largeHeaderSize) else { return nil }
        block.storeBytes(of: nil, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: large, toByteOffset: 8, as: UnsafeMutableRawPointer?.self)
        block.storeBytes(of: 0, toByteOffset: 16, as: Int.self)
        if let large { large.storeBytes(of: block, as: UnsafeMutableRawPointer?.self) }
        large = block
        return block + Self.largeHeaderSize
    }
}

/// gumbo's allocator callback: `userdata` is the parse's `GumboArena`.
let gumboArenaAllocate: GumboAllocatorFunction = { userdata, size in
    userdata?.assumingMemoryBound(to: GumboArena.self).pointee.allocate(size)
}

/// gumbo's deallocator callback.
let gumboArenaFree: GumboDeallocatorFunction = { userdata, pointer in
    userdata?.assumingMemoryBound(to: GumboArena.self).pointee.free(pointer)
}

/// The C library's `free`, named apart from `GumboArena.free`.
private func releaseToSystem(_ pointer: UnsafeMutableRawPointer) {
    free(pointer)
}
