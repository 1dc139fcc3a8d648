import Sodium
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite struct EncodingTests {
    @Test func sha256OfAbcMatchesTheStandardVector() {
        #expect(SHA256.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func streamingSha256MatchesOneShot() {
        let text = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        var hasher = SHA256()
        for piece in text.split(separator: "m", omittingEmptySubsequences: false).enumerated() {
            if piece.offset > 0 { hasher.update("m") }
            hasher.update(String(piece.element))
        }
        #expect(hasher.finalize() == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(hasher.finalize() == SHA256.hash(text))
    }

    @Test func sha256OfAFileMatchesTheHashOfItsBytes() throws {
        let path = "/tmp/wardrobe-sha-\(Hex.encode(Libsodium.randomBytes(6)))"
        let bytes = Libsodium.randomBytes(200_000)
        let file = fopen(path, "wb")!
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
        defer { unlink(path) }
        #expect(try SHA256.hash(fileAt: path) == SHA256.hash(bytes))
        #expect(throws: SodiumError.self) { try SHA256.hash(fileAt: path + ".missing") }
    }

    @Test func base64RoundTripsAnyLength() throws {
        for count in 0..<40 {
            let bytes = Libsodium.randomBytes(count)
            #expect(try Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
    }

    @Test func base64DecodingToleratesWhitespace() throws {
        #expect(try Base64.decode("  Zm9v\nYmFy\r\n") == Array("foobar".utf8))
        #expect(try Base64.decode("Zm8=\n") == Array("fo".utf8))
    }

    @Test func base64DecodingRejectsGarbage() {
        for garbage in ["Zm9v!mFy", "Zm8", "Zm9vYmFy$", "not base64 at all", "Zm8=Zm8=x", "-_-_"] {
            #expect(throws: SodiumError.invalidBase64, "\(garbage)") { try Base64.decode(garbage) }
        }
    }

    @Test func hexRoundTripsAndRejectsGarbage() throws {
        #expect(Hex.encode([0x00, 0xab, 0xff]) == "00abff")
        #expect(try Hex.decode("00ABff") == [0x00, 0xab, 0xff])
        #expect(throws: SodiumError.invalidHex) { try Hex.decode("abc") }
        #expect(throws: SodiumError.invalidHex) { try Hex.decode("zz") }
    }

    @Test func constantTimeComparisonComparesContentAndLength() {
        #expect(Libsodium.constantTimeEquals([1, 2, 3], [1, 2, 3]))
        #expect(!Libsodium.constantTimeEquals([1, 2, 3], [1, 2, 4]))
        #expect(!Libsodium.constantTimeEquals([1, 2, 3], [1, 2]))
        #expect(Libsodium.constantTimeEquals([], []))
    }

    @Test func randomBytesHaveTheRequestedLengthAndDiffer() throws {
        try Libsodium.initialize()
        #expect(Libsodium.randomBytes(32).count == 32)
        #expect(Libsodium.randomBytes(32) != Libsodium.randomBytes(32))
        var secret = Libsodium.randomBytes(8)
        Libsodium.wipe(&secret)
        #expect(secret.isEmpty)
    }
}
