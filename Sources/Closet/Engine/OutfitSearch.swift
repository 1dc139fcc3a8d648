/// The exact branch-and-bound search behind `OutfitEngine`.
///
/// The score splits into per-piece parts (formality, recency, variety, layering), per-pair parts
/// that depend only on a piece's profile (formality, warmth, volume), and counting penalties
/// (patterns, accents, hue clashes) that can only grow as pieces are added. A partial outfit's
/// bound is its exact partial score plus, for every open slot, the best piece-plus-pairs value
/// any piece could add. Counting penalties of open slots are left out, which only raises the
/// bound, so pruning never drops an outfit that belongs in the top k. Scores are exact in
/// floating point (see `ScoringWeights`), so bounds and ties compare exactly.
final class OutfitSearch {
    /// One piece as the search sees it.
    struct Candidate {
        var index: Int
        var id: Int64
        var unary: Double
        var loud: Int
        var accent: UInt32
        var clashMask: UInt32
    }

    /// One slot of a shape (e.g. the bottom) with its pieces grouped by profile.
    struct Slot {
        var optional: Bool
        /// The profiles that hold at least one piece.
        var profiles: [Int]
        /// Pieces per entry of `profiles`, best unary first, then smaller id.
        var members: [[Candidate]]
        /// The best unary per entry of `profiles`.
        var bestUnary: [Double]
    }

    /// An outfit that made the current top list.
    struct Found {
        var score: Double
        var ids: [Int64]
        var indices: [Int]
    }

    static let profileCount = 50
    private let slots: [Slot]
    /// `pairs[i][j]` for slot i < j: points of a pair by `profile_i * 50 + profile_j`.
    private let pairs: [[[Double]]]
    private let count: Int
    private let exclude: Set<OutfitKey>
    private let weights: ScoringWeights
    private(set) var found: [Found]
    /// Nodes visited, for tests and the benchmark.
    private(set) var visited = 0

    private var compat: [Double]
    private var remainingPairs: [Double]
    private var future: [[Double]]
    private var order: [[Int]]
    private var prefixIds: [Int64]
    private var prefixIndices: [Int]

    init(
        slots: [Slot], pairs: [[[Double]]], count: Int, exclude: Set<OutfitKey>, weights: ScoringWeights,
        found: [Found]
    ) {
        self.slots = slots
        self.pairs = pairs
        self.count = count
        self.exclude = exclude
        self.weights = weights
        self.found = found
        let depth = slots.count
        compat = Array(repeating: 0, count: depth * depth * Self.profileCount)
        future = slots.map { Array(repeating: 0, count: $0.profiles.count) }
        order = slots.map { Array($0.profiles.indices) }
        prefixIds = Array(repeating: 0, count: depth)
        prefixIndices = Array(repeating: 0, count: depth)
        remainingPairs = Array(repeating: 0, count: depth)
        for level in 0..<depth {
            var sum = 0.0
            for first in (level + 1)..<max(level + 1, depth) {
                for second in (first + 1)..<max(first + 1, depth) {
                    sum += Self.bestPair(slots[first], slots[second], pairs[first][second])
                }
            }
            remainingPairs[level] = sum
        }
    }

    /// Runs the search; afterwards `found` holds the top list, best first.
    func run() {
        guard slots.allSatisfy({ $0.optional || !$0.profiles.isEmpty }) else { return }
        descend(depth: 0, partial: 0, loud: 0, accents: 0, clashes: 0)
    }

    /// The best points any pair from two slots can add (0 is possible when either may stay empty).
    private static func bestPair(_ first: Slot, _ second: Slot, _ table: [Double]) -> Double {
        var best = -Double.infinity
        for p in first.profiles {
            for q in second.profiles { best = max(best, table[p * profileCount + q]) }
        }
        return first.optional || second.optional ? max(best, 0) : best
    }

    private var threshold: Double { found.count >= count ? found[count - 1].score : -.infinity }

    /// Whether a (partial) outfit with `bound` and the first `length` ids of `prefixIds` may still enter.
    private func mayEnter(_ bound: Double, length: Int) -> Bool {
        guard found.count >= count else { return true }
        let last = found[count - 1]
        if bound != last.score { return bound > last.score }
        for position in 0..<min(length, last.ids.count) where prefixIds[position] != last.ids[position] {
            return prefixIds[position] < last.ids[position]
        }
        return length <= last.ids.count
    }

    private func counting(loud: Int, accents: UInt32, clashes: Int) -> Double {
        -(weights.patterns * Double(max(0, loud - 1)) + weights.accents * Double(max(0, accents.nonzeroBitCount - 1))
            + weights.hueClash * Double(clashes))
    }

    private func compatIndex(_ depth: Int, _ slot: Int, _ profile: Int) -> Int {
        (depth * slots.count + slot) * Self.profileCount + profile
    }

    private func descend(depth: Int, partial: Double, loud: Int, accents: UInt32, clashes: Int) {
        visited += 1
        let slot = slots[depth]
        let isLast = depth == slots.count - 1
        if slot.optional, mayEnter(partial, length: depth) {
            record(score: partial, length: depth)
        }
        computeFuture(depth: depth)
        sortProfiles(depth: depth)
        let current = counting(loud: loud, accents: accents, clashes: clashes)
        for position in order[depth] {
            let profile = slot.profiles[position]
            let pairPoints = compat[compatIndex(depth, depth, profile)]
            let ahead = future[depth][position]
            if found.count >= count, partial + slot.bestUnary[position] + pairPoints + ahead < threshold { break }
            for candidate in slot.members[position] {
                let optimistic = partial + candidate.unary + pairPoints + ahead
                if found.count >= count, optimistic < threshold { break }
                let newLoud = loud + candidate.loud
                let isNewAccent = candidate.accent != 0 && accents & candidate.accent == 0
                let newClashes = clashes + (isNewAccent ? (accents & candidate.clashMask).nonzeroBitCount : 0)
                let newAccents = accents | candidate.accent
                let delta = counting(loud: newLoud, accents: newAccents, clashes: newClashes) - current
                prefixIds[depth] = candidate.id
                prefixIndices[depth] = candidate.index
                guard mayEnter(optimistic + delta, length: depth + 1) else { continue }
                let score = partial + candidate.unary + pairPoints + delta
                if isLast {
                    record(score: score, length: depth + 1)
                } else {
                    extendCompat(depth: depth, profile: profile)
                    descend(depth: depth + 1, partial: score, loud: newLoud, accents: newAccents, clashes: newClashes)
                }
            }
        }
    }

    /// For each profile of slot `depth`: the most the open slots after it can still add.
    private func computeFuture(depth: Int) {
        let slot = slots[depth]
        for position in slot.profiles.indices {
            let profile = slot.profiles[position]
            var total = remainingPairs[depth]
            for next in (depth + 1)..<max(depth + 1, slots.count) {
                let other = slots[next]
                let table = pairs[depth][next]
                var best = other.optional ? 0 : -Double.infinity
                for (index, otherProfile) in other.profiles.enumerated() {
                    let value = other.bestUnary[index] + compat[compatIndex(depth, next, otherProfile)]
                        + table[profile * Self.profileCount + otherProfile]
                    if value > best { best = value }
                }
                total += best
            }
            future[depth][position] = total
        }
    }

    /// Orders slot `depth`'s profiles by their optimistic value, best first (insertion sort, ≤ 50).
    private func sortProfiles(depth: Int) {
        let slot = slots[depth]
        let compatBase = compatIndex(depth, depth, 0)
        var values = [Double](repeating: 0, count: slot.profiles.count)
        for position in slot.profiles.indices {
            values[position] = slot.bestUnary[position] + compat[compatBase + slot.profiles[position]]
                + future[depth][position]
        }
        for index in order[depth].indices { order[depth][index] = index }
        for index in 1..<max(1, order[depth].count) {
            let moving = order[depth][index]
            var hole = index
            while hole > 0, values[order[depth][hole - 1]] < values[moving] {
                order[depth][hole] = order[depth][hole - 1]
                hole -= 1
            }
            order[depth][hole] = moving
        }
    }

    /// Pair points of the chosen piece (with `profile` in slot `depth`) added for every later slot.
    private func extendCompat(depth: Int, profile: Int) {
        for next in (depth + 1)..<slots.count {
            let table = pairs[depth][next]
            let from = compatIndex(depth, next, 0)
            let to = compatIndex(depth + 1, next, 0)
            for otherProfile in slots[next].profiles {
                compat[to + otherProfile] = compat[from + otherProfile] + table[profile * Self.profileCount + otherProfile]
            }
        }
    }

    /// Puts the outfit made of the first `length` chosen pieces into the top list if it belongs there.
    private func record(score: Double, length: Int) {
        guard mayEnter(score, length: length) else { return }
        let ids = Array(prefixIds[0..<length])
        if !exclude.isEmpty, exclude.contains(OutfitKey(ids: ids)) { return }
        let entry = Found(score: score, ids: ids, indices: Array(prefixIndices[0..<length]))
        var position = found.count
        while position > 0, Self.ranksBefore(entry, found[position - 1]) { position -= 1 }
        found.insert(entry, at: position)
        if found.count > count { found.removeLast() }
    }

    static func ranksBefore(_ left: Found, _ right: Found) -> Bool {
        left.score != right.score ? left.score > right.score : left.ids.lexicographicallyPrecedes(right.ids)
    }
}
