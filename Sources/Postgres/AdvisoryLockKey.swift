/// The 64-bit key of a PostgreSQL advisory lock, usually derived from a name such as
/// `poller:telegram:123456` (the bot's id, never its token).
public struct AdvisoryLockKey: Sendable, Hashable, CustomStringConvertible {
    /// The key as `pg_try_advisory_lock(bigint)` takes it.
    public let value: Int64

    /// A key given as a number.
    public init(_ value: Int64) { self.value = value }

    /// The key for `name`: FNV-1a over its UTF-8 bytes, so every process and version derives the
    /// same key without asking the server.
    public init(name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        value = Int64(bitPattern: hash)
    }

    /// The high and low halves as `pg_locks` shows a bigint key (`classid`, `objid`).
    public var lockTableHalves: (classID: Int64, objectID: Int64) {
        let bits = UInt64(bitPattern: value)
        return (Int64(bits >> 32), Int64(bits & 0xffff_ffff))
    }

    public var description: String { String(value) }
}
