import Chat
import Support

/// Keeps a chat action ("sending photo…") visible during long work: Telegram shows one for
/// about 5 seconds, so it is repeated every `interval` seconds until the work ends.
public struct ChatActionRepeater: Sendable {
    let transport: any ChatTransport
    let clock: any WallClock
    /// Seconds between repeats; Telegram clears an action after 5 s.
    public var interval: Double = 4.5

    /// A repeater sending through `transport`.
    public init(transport: any ChatTransport, clock: any WallClock = SystemClock()) {
        self.transport = transport
        self.clock = clock
    }

    /// Runs `work` while showing `action` in `chat`; the repeats stop when the work ends or is cancelled.
    public func whileWorking<T: Sendable>(
        _ action: ChatAction = .uploadPhoto, in chat: ChatAddress, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { [transport, clock, interval] in
                while !Task.isCancelled {
                    _ = try? await transport.send(.action(action), to: chat)
                    try? await clock.sleep(seconds: interval)
                }
                return nil
            }
            group.addTask { try await work() }
            defer { group.cancelAll() }
            while let result = try await group.next() {
                if let result { return result }
            }
            throw CancellationError()
        }
    }
}
