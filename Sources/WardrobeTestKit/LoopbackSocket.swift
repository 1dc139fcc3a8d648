#if canImport(Glibc)
import Glibc
#endif

/// Blocking reads and writes on one accepted connection, with a read buffer for parsing.
/// Used only by the connection's own thread.
struct LoopbackSocket {
    /// The connected socket.
    let fd: Int32
    private var buffer: [UInt8] = []

    /// Wraps an accepted socket.
    init(fd: Int32) { self.fd = fd }

    /// Bytes up to and including the first "\r\n\r\n" (the request head), or nil at end of stream.
    mutating func readHead(limit: Int = 64 * 1024) -> [UInt8]? {
        while true {
            if let end = Self.find([13, 10, 13, 10], in: buffer) {
                let head = Array(buffer[..<(end + 4)])
                buffer.removeFirst(end + 4)
                return head
            }
            guard buffer.count < limit, fill() else { return nil }
        }
    }

    /// One line without its CRLF (used for chunk sizes), or nil at end of stream.
    mutating func readLine() -> String? {
        while true {
            if let end = Self.find([13, 10], in: buffer) {
                let line = String(decoding: buffer[..<end], as: UTF8.self)
                buffer.removeFirst(end + 2)
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// Exactly `count` bytes, or nil when the stream ends first.
    mutating func read(count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeFirst(count)
        return bytes
    }

    /// Sends all of `bytes`; false when the peer has gone away.
    func write(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                send(fd, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
            }
            if result < 0 && errno == EINTR { continue }
            guard result > 0 else { return false }
            sent += result
        }
        return true
    }

    /// Waits up to `duration`; false as soon as the peer closes the connection (or the server stops).
    func wait(_ duration: Duration) -> Bool {
        let deadline = ContinuousClock.now + duration
        while ContinuousClock.now < deadline {
            let left = ContinuousClock.now.duration(to: deadline)
            let milliseconds = Int32(min(100, max(1, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)))
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready > 0 {
                var byte: UInt8 = 0
                let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
                if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EINTR) { return false }
                // Data waiting (a pipelined request): nothing to learn from poll until it is read.
                if peeked > 0 { usleep(UInt32(milliseconds) * 1000) }
            }
        }
        return true
    }

    private mutating func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer.append(contentsOf: chunk[..<count])
            return true
        }
    }

    /// The index where `needle` first starts in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int = 0) -> Int? {
        guard haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        for index in start...(haystack.count - needle.count) where haystack[index] == needle[0] {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
        }
        return nil
    }
}
