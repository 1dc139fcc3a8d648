internal import Glibc

/// glibc's iconv, the only user of it: text in a legacy encoding (EUC-KR, Big5, Shift_JIS,
/// GB18030, windows-1251…) turned into UTF-8. The converters ship with libc itself
/// (`/usr/lib/…/gconv`), so there is nothing to install or link.
public enum Iconv {
    /// `bytes` read as `encoding` (a glibc name such as "CP949" or "BIG5-HKSCS") and written as
    /// UTF-8. A byte the encoding cannot read becomes U+FFFD and reading goes on after it, as a
    /// browser does; a sequence cut off at the end becomes one U+FFFD. Nil when glibc has no
    /// converter of that name.
    public static func utf8(from bytes: [UInt8], encoding: String) -> [UInt8]? {
        guard let converter = Converter(from: encoding, to: "UTF-8") else { return nil }
        return converter.convert(bytes)
    }

    /// UTF-8 `bytes` written in `encoding`; nil when glibc has no converter of that name or a
    /// character has no form in it. For tests and tools that make legacy-encoded text.
    public static func bytes(fromUTF8 bytes: [UInt8], encoding: String) -> [UInt8]? {
        guard let converter = Converter(from: "UTF-8", to: encoding) else { return nil }
        return converter.convert(bytes, replacement: nil)
    }
}

/// One open iconv descriptor, closed when the value goes.
private final class Converter {
    private let descriptor: iconv_t

    init?(from source: String, to target: String) {
        let opened = iconv_open(target, source)
        guard let opened, opened != iconv_t(bitPattern: -1) else { return nil }
        descriptor = opened
    }

    deinit { iconv_close(descriptor) }

    /// The converted bytes; each unreadable input byte becomes `replacement`, or the whole
    /// conversion fails when `replacement` is nil.
    func convert(_ bytes: [UInt8], replacement: [UInt8]? = [0xEF, 0xBF, 0xBD]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2 + 16)
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        let failed: Bool = bytes.withUnsafeBufferPointer { input in
            chunk.withUnsafeMutableBufferPointer { out in
                guard let inputBase = input.baseAddress, let outBase = out.baseAddress else { return false }
                var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(mutating: inputBase).assumingMemoryBound(to: CChar.self)
                var inLeft = input.count
                let outStart = UnsafeMutableRawPointer(outBase).assumingMemoryBound(to: CChar.self)
                func flush(_ outPointer: UnsafeMutablePointer<CChar>?) {
                    guard let outPointer else { return }
                    output.append(contentsOf: UnsafeBufferPointer(start: outBase, count: outStart.distance(to: outPointer)))
                }
                while inLeft > 0 {
                    var outPointer: UnsafeMutablePointer<CChar>? = outStart
                    var outLeft = chunkSize
                    let result = iconv(descriptor, &inPointer, &inLeft, &outPointer, &outLeft)
                    let code = errno
                    flush(outPointer)
                    guard result == -1 else { continue }
                    switch code {
                    case E2BIG:
                        continue  // the chunk is full: it was flushed, go on
                    case EILSEQ, EINVAL:
                        // A byte the encoding cannot read, or a sequence cut off at the end.
                        guard let replacement else { return true }
                        output.append(contentsOf: replacement)
                        let skip = code == EINVAL ? inLeft : 1
                        inPointer = inPointer.map { $0 + skip }
                        inLeft -= skip
                    default:
                        return true
                    }
                }
                // A stateful encoding (ISO-2022-JP) may end in a shifted state: return to the initial one.
                var outPointer: UnsafeMutablePointer<CChar>? = outStart
                var outLeft = chunkSize
                _ = iconv(descriptor, nil, nil, &outPointer, &outLeft)
                flush(outPointer)
                return false
            }
        }
        return failed ? nil : output
    }
}
