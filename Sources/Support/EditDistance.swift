/// How many one-character edits turn one short word into another, for "did you mean" matching.
public enum EditDistance {
    /// Insertions, deletions and substitutions count one each (Levenshtein); with `countingSwaps`,
    /// so does swapping two neighbours ("otufit" is one from "outfit").
    public static func between(_ left: [Character], _ right: [Character], countingSwaps: Bool = false) -> Int {
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
        for row in 0...left.count { table[row][0] = row }
        for column in 0...right.count { table[0][column] = column }
        for row in 1...left.count {
            for column in 1...right.count {
                let substitution = table[row - 1][column - 1] + (left[row - 1] == right[column - 1] ? 0 : 1)
                table[row][column] = min(substitution, table[row - 1][column] + 1, table[row][column - 1] + 1)
                if countingSwaps, row > 1, column > 1, left[row - 1] == right[column - 2], left[row - 2] == right[column - 1] {
                    table[row][column] = min(table[row][column], table[row - 2][column - 2] + 1)
                }
            }
        }
        return table[left.count][right.count]
    }
}
