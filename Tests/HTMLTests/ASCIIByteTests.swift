import HTML
import Testing

@Suite struct ASCIIByteTests {
    @Test func everyByteIsClassedAsASCIISaysSo() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            #expect(ASCIIByte.isDigit(byte) == (value < 128 && ("0"..."9").contains(scalar)), "\(value)")
            #expect(ASCIIByte.isLetter(byte) == (value < 128 && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar))), "\(value)")
            #expect(ASCIIByte.isSpace(byte) == [0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(value), "\(value)")
        }
    }
}
