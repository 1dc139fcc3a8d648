#if canImport(Glibc)
import Glibc
#endif
import Secrets
import Testing

@Suite struct SecretInputTests {
    @Test func pipedInputIsReadWithoutItsTrailingNewline() throws {
        #expect(try readPiped("sk-or-v1-abc\n") == "sk-or-v1-abc")
        #expect(try readPiped("token\r\n") == "token")
        #expect(try readPiped("no newline") == "no newline")
        #expect(throws: SecretsError.emptyInput) { try readPiped("\n") }
    }

    @Test func aTerminalReadsOneLineWithoutEchoAndRestoresTheSettings() async throws {
        // posix_openpt and friends are hidden from Swift's Glibc module; the Linux ioctls do the same.
        let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        try #require(controller >= 0)
        defer { close(controller) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        #expect(ioctl(controller, 0x4004_5431 /* TIOCSPTLCK */, &unlock) == 0)
        #expect(ioctl(controller, 0x8004_5430 /* TIOCGPTN */, &number) == 0)
        let terminal = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        let devNull = open("/dev/null", O_WRONLY)
        defer { close(devNull) }

        // The reader flushes pending input when it turns echo off, so type only once echo is off.
        let typist = Task.detached {
            var current = termios()
            for _ in 0..<2000 {
                tcgetattr(terminal, &current)
                if current.c_lflag & tcflag_t(ECHO) == 0 { break }
                try await Task.sleep(for: .milliseconds(5))
            }
            var typed = Array("hunter2-typed\n".utf8)
            _ = write(controller, &typed, typed.count)
        }
        let value = try SecretInput.read(prompt: "Token: ", input: terminal, promptOutput: devNull)
        try await typist.value
        #expect(value == "hunter2-typed")

        var echoed = [UInt8](repeating: 0, count: 256)
        let flags = fcntl(controller, F_GETFL)
        _ = fcntl(controller, F_SETFL, flags | O_NONBLOCK)
        let count = max(read(controller, &echoed, echoed.count), 0)
        #expect(!String(decoding: echoed.prefix(count), as: UTF8.self).contains("hunter2"))

        var settings = termios()
        tcgetattr(terminal, &settings)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
    }

    private func readPiped(_ text: String) throws -> String {
        var descriptors: [Int32] = [0, 0]
        pipe(&descriptors)
        var bytes = Array(text.utf8)
        _ = write(descriptors[1], &bytes, bytes.count)
        close(descriptors[1])
        defer { close(descriptors[0]) }
        return try SecretInput.read(prompt: "Value: ", input: descriptors[0])
    }
}
