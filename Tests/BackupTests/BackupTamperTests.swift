@testable import Backup
import Foundation
import Sodium
import Testing

/// Every kind of damage is refused with a clear error, and a refused restore leaves the data folder as it was.
@Suite struct BackupTamperTests {
    enum Damage: String, CaseIterable, Sendable {
        case cutInTheMiddle, cutBeforeTheFinalChunk, cutInsideTheHeader, emptyFile
        case flippedMagic, flippedVersion, flippedKeyHeader, flippedStreamHeader, flippedFirstChunk, flippedMiddle, flippedLastByte
        case swappedChunks, droppedChunk, appendedBytes, wrongMasterKey, hugeLength
    }

    static func damage(_ bytes: [UInt8], _ damage: Damage) -> [UInt8] {
        var bytes = bytes
        let frames = BackupFixture.frames(bytes)
        switch damage {
        case .cutInTheMiddle: return Array(bytes.prefix(bytes.count / 2))
        case .cutBeforeTheFinalChunk: return Array(bytes.prefix(bytes.count - frames.last!.count))
        case .cutInsideTheHeader: return Array(bytes.prefix(20))
        case .emptyFile: return []
        case .flippedMagic: bytes[0] ^= 0x20
        case .flippedVersion: bytes[8] ^= 0x01
        case .flippedKeyHeader: bytes[15] ^= 0x01
        case .flippedStreamHeader: bytes[50] ^= 0x01
        case .flippedFirstChunk: bytes[66 + 10] ^= 0x01
        case .flippedMiddle: bytes[bytes.count / 2] ^= 0x01
        case .flippedLastByte: bytes[bytes.count - 1] ^= 0x01
        case .swappedChunks:
            let (first, second) = (frames[3], frames[4])
            return Array(bytes[..<first.startIndex]) + Array(second) + Array(first) + Array(bytes[second.endIndex...])
        case .droppedChunk:
            let frame = frames[3]
            return Array(bytes[..<frame.startIndex]) + Array(bytes[frame.endIndex...])
        case .appendedBytes: return bytes + [0, 0, 0, 1, 7]
        case .wrongMasterKey: return bytes
        case .hugeLength:
            let frame = frames[2]
            bytes[frame.startIndex] = 0x7F
        }
        return bytes
    }

    static let expected: [Damage: String] = [
        .cutInTheMiddle: "truncated", .cutBeforeTheFinalChunk: "truncated", .cutInsideTheHeader: "truncated", .emptyFile: "truncated",
        .flippedMagic: "notAnArchive", .flippedVersion: "unsupportedFormat", .flippedKeyHeader: "wrongKeyOrChangedStart", .flippedStreamHeader: "wrongKeyOrChangedStart",
        .flippedFirstChunk: "wrongKeyOrChangedStart", .flippedMiddle: "damaged", .flippedLastByte: "damaged",
        .swappedChunks: "damaged", .droppedChunk: "damaged", .appendedBytes: "damaged", .wrongMasterKey: "wrongKeyOrChangedStart",
        .hugeLength: "damaged",
    ]

    @Test(arguments: Damage.allCases)
    func aDamagedArchiveIsRefusedWithAClearErrorAndNothingIsRestored(damage: Damage) async throws {
        let fixture = try await BackupFixture(users: 1, photosPerUser: 2)
        let (path, _) = try BackupArchive.create(.init(dataDirectory: fixture.data), to: fixture.archives, key: .masterKey(fixture.masterKey))
        let damaged = Self.damage(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))), damage)
        try Data(damaged).write(to: URL(fileURLWithPath: path))
        let key = damage == .wrongMasterKey ? SecretKey.random() : fixture.masterKey

        let verifyError = #expect(throws: BackupError.self) { try BackupArchive.verify(path, key: .masterKey(key)) }
        #expect(verifyError.map(Self.caseName) == Self.expected[damage])
        #expect(verifyError?.userMessage.isEmpty == false)

        let before = try BackupFixture.tree(fixture.data)
        let restoreError = #expect(throws: BackupError.self) {
            try BackupRestore.restore(path, into: fixture.data, key: .masterKey(key), force: true)
        }
        #expect(restoreError == verifyError)
        #expect(try BackupFixture.tree(fixture.data) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.root).sorted() == ["archives", "data"])
    }

    static func caseName(_ error: BackupError) -> String {
        String(String(describing: Mirror(reflecting: error).children.first?.label ?? "\(error)").prefix { $0 != "(" })
    }
}
