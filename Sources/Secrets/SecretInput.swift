#if canImport(Glibc)
import Glibc
#endif

/// Reads one secret value from standard input for `wardrobe keys set`.
public enum SecretInput {
    /// Reads a secret from `input`. On a terminal it writes `prompt` to `promptOutput`, turns echo off,
    /// reads one line and restores the terminal settings before returning (also on errors). Piped input is
    /// read to the end. Trailing newlines (`\n`, `\r\n`) are trimmed; an empty value throws `emptyInput`.
    ///
    /// A signal that kills the process while echo is off leaves the terminal silent (`stty echo` fixes it).
    public static func read(
        prompt: String, input: Int32 = STDIN_FILENO, promptOutput: Int32 = STDERR_FILENO
    ) throws(SecretsError) -> String {
        var bytes: [UInt8]
        if isatty(input) == 1 {
            bytes = try readFromTerminal(prompt: prompt, input: input, promptOutput: promptOutput)
        } else {
            bytes = try readAll(input, stopAtNewline: false)
        }
        while let last = bytes.last, last == 0x0A || last == 0x0D { bytes.removeLast() }
        guard !bytes.isEmpty else { throw SecretsError.emptyInput }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func readFromTerminal(
        prompt: String, input: Int32, promptOutput: Int32
    ) throws(SecretsError) -> [UInt8] {
        var original = termios()
        guard tcgetattr(input, &original) == 0 else {
            throw SecretsError.fileSystem(operation: "read the settings of", path: "the terminal", errno: errno)
        }
        var silent = original
        // No echo of the typed characters, but echo the final newline so the next output starts on a new line.
        silent.c_lflag &= ~tcflag_t(ECHO)
        silent.c_lflag |= tcflag_t(ECHONL)
        guard tcsetattr(input, TCSAFLUSH, &silent) == 0 else {
            throw SecretsError.fileSystem(operation: "turn off echo on", path: "the terminal", errno: errno)
        }
        defer { _ = tcsetattr(input, TCSAFLUSH, &original) }
        var text = Array(prompt.utf8)
        _ = text.withUnsafeMutableBytes { Glibc.write(promptOutput, $0.baseAddress, $0.count) }
        return try readAll(input, stopAtNewline: true)
    }

    private static func readAll(_ input: Int32, stopAtNewline: Bool) throws(SecretsError) -> [UInt8] {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while true {
            let count = Glibc.read(input, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                throw SecretsError.fileSystem(operation: "read", path: "standard input", errno: errno)
            }
            if count == 0 { break }
            bytes.append(byte)
            if stopAtNewline && byte == 0x0A { break }
        }
        return bytes
    }
}
