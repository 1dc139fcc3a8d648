import Foundation
@testable import Support
import Testing

@Suite struct LoggerTests {
    @Test func aRegisteredBotTokenNeverReachesTheLogOutput() {
        let sink = MemoryLogSink()
        let redactor = Redactor()
        let token = "7212345678:AAH3kq9ZsecretTokenValue_with-Chars0123"
        redactor.register(token)
        let logger = Logger(label: "telegram", sink: sink, redactor: redactor).with("url", "https://api.telegram.org/bot\(token)/getUpdates")
        logger.error("request failed for bot\(token)", ["body": "{\"token\":\"\(token)\"}"])
        let output = sink.lines.joined(separator: "\n")
        #expect(!output.contains(token))
        #expect(!output.contains("AAH3kq9Zsecret"))
        #expect(output.contains("[REDACTED]"))
    }

    @Test func tokenShapedStringsAreRedactedEvenWhenUnregistered() {
        let sink = MemoryLogSink()
        let logger = Logger(label: "t", sink: sink)
        logger.info("GET /bot123456789:ABCdefGHIjklMNOpqrSTUvwxYZ0123456789ab/getMe")
        #expect(!sink.lines[0].contains("ABCdefGHI"))
        #expect(sink.lines[0].contains("/bot[REDACTED]/getMe"))
    }

    @Test func otherSecretsSuchAsAIKeysAreRedacted() {
        let sink = MemoryLogSink()
        let redactor = Redactor()
        redactor.register(["sk-or-v1-abcdef0123456789", "key-id:key-secret-xyz"])
        Logger(label: "tryon", sink: sink, redactor: redactor).warning("auth Bearer sk-or-v1-abcdef0123456789 / Key key-id:key-secret-xyz")
        #expect(sink.lines[0].contains("Bearer [REDACTED]"))
        #expect(!sink.lines[0].contains("key-secret-xyz"))
    }

    @Test func linesAreLogfmtWithMetadataAndNoRawNewlines() {
        let sink = MemoryLogSink()
        let logger = Logger(label: "chat", sink: sink).with("chat", "telegram:42").with("update", 7)
        logger.info("two\nlines \"quoted\"", ["job": 3])
        let line = sink.lines[0]
        #expect(!line.contains("\n"))
        #expect(line.contains("level=info"))
        #expect(line.contains("logger=chat"))
        #expect(line.contains("chat=telegram:42 update=7 job=3"))
        #expect(line.contains(#"msg="two\nlines \"quoted\"""#))
    }

    @Test func linesBelowTheLevelAreDropped() {
        let sink = MemoryLogSink()
        let logger = Logger(label: "x", level: .warning, sink: sink)
        logger.info("hidden")
        logger.error("shown")
        #expect(sink.lines.count == 1)
        #expect(sink.lines[0].contains("shown"))
    }
}

@Suite struct BackoffTests {
    @Test func delaysGrowExponentiallyWithJitterAndStayUnderTheCap() {
        let backoff = Backoff(base: 1, cap: 30)
        var generator = SystemRandomNumberGenerator()
        #expect(backoff.ceiling(attempt: 1) == 1)
        #expect(backoff.ceiling(attempt: 4) == 8)
        #expect(backoff.ceiling(attempt: 50) == 30)
        for attempt in 1...20 {
            let delay = backoff.delay(attempt: attempt, using: &generator)
            #expect(delay >= backoff.ceiling(attempt: attempt) / 2 && delay <= backoff.ceiling(attempt: attempt))
        }
    }

    @Test func controlCharactersAndBidiOverridesAreEscapedInValuesAndKeys() {
        let sink = MemoryLogSink()
        let hostile = "red\u{1B}[31mtext\u{0B}\u{0C}\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{200F}\u{0}end"
        Logger(label: "chat", sink: sink).info(hostile, ["k\u{1B}y": hostile])
        let line = sink.lines[0]
        let forbidden = line.unicodeScalars.filter { Logger.isControl($0) }
        #expect(forbidden.isEmpty, "raw controls left: \(forbidden.map { String($0.value, radix: 16) })")
        #expect(line.contains(#"msg="red\u{1b}[31mtext\u{b}\u{c}\u{7f}\u{85}\u{9b}\u{202e}\u{2066}\u{200f}\u{0}end""#))
        #expect(line.contains("k_y="))
    }

    @Test func plainWordsStayBareAndAccentedTextIsKept() {
        let sink = MemoryLogSink()
        Logger(label: "chat", sink: sink).info("ok", ["name": "Crème brûlée"])
        #expect(sink.lines[0].contains("msg=ok"))
        #expect(sink.lines[0].contains(#"name="Crème brûlée""#))
    }
}
