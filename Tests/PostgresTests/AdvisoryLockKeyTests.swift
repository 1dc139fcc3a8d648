import Postgres
import Testing

@Suite struct AdvisoryLockKeyTests {
    @Test func aNamedKeyIsTheFNV1aHashOfTheName() {
        // The published FNV-1a 64-bit test vectors.
        #expect(AdvisoryLockKey(name: "").value == Int64(bitPattern: 0xcbf2_9ce4_8422_2325))
        #expect(AdvisoryLockKey(name: "a").value == Int64(bitPattern: 0xaf63_dc4c_8601_ec8c))
        #expect(AdvisoryLockKey(name: "foobar").value == Int64(bitPattern: 0x8594_4171_f739_67e8))
    }

    @Test func differentAccountsGetDifferentKeys() {
        #expect(AdvisoryLockKey(name: "poller:telegram:1") != AdvisoryLockKey(name: "poller:telegram:2"))
    }

    @Test func theLockTableHalvesRebuildTheKey() {
        let key = AdvisoryLockKey(name: "poller:matrix:@bot:example.org")
        let halves = key.lockTableHalves
        #expect(Int64(bitPattern: UInt64(halves.classID) << 32 | UInt64(halves.objectID)) == key.value)
        #expect((0...Int64(UInt32.max)).contains(halves.classID) && (0...Int64(UInt32.max)).contains(halves.objectID))
    }
}
