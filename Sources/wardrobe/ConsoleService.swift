import Chat
import Foundation
import Support

/// Reads the terminal line by line and feeds the dispatcher; each line waits for its replies.
struct ConsoleService: Service {
    let dispatcher: ChatDispatcher
    /// The console transport, also registered in the runtime's `TransportDirectory` for try-on results.
    let transport: ConsoleTransport
    let logger: Logger
    var name: String { "console" }

    func run() async throws {
        print("Wardrobe console. Type /help, paste a product link, or /photo PATH [caption]. Ctrl-D quits.")
        var number = 0
        for await line in StandardInputLines.stream() {
            number += 1
            guard let event = transport.event(for: line, number: number) else { continue }
            let (handled, signal) = AsyncStream<Void>.makeStream()
            guard await dispatcher.submit(event, via: transport, done: { signal.finish() }) else { break }
            for await _ in handled {}
        }
        await dispatcher.finish()
    }

    func shutdown() async {
        // Reading stdin blocks a dedicated thread; the process exit ends it.
    }
}

/// Standard input as an async stream of lines, read on a dedicated thread so the pool never blocks.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let thread = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
