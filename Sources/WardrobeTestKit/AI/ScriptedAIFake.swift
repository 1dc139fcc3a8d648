import Images

/// What every scripted AI fake is made of: its loopback server and the script of behaviours and
/// recorded requests its handler shares.
public final class FakeAIServer<Behaviour: Sendable>: Sendable {
    let handle: FakeServerHandle
    let script: FakeScript<Behaviour>

    init(script: FakeScript<Behaviour>, server: LoopbackHTTPServer) {
        self.script = script
        handle = FakeServerHandle(server)
    }
}

/// The controls the OpenRouter, Gemini and Fal.ai fakes share, over their `core`.
public protocol ScriptedAIFake: Sendable {
    associatedtype Behaviour: Sendable
    /// The server and script behind the fake.
    var core: FakeAIServer<Behaviour> { get }
}

extension ScriptedAIFake {
    /// The base URL to configure the provider with, e.g. "http://127.0.0.1:40123".
    public var baseURL: String { core.handle.server.baseURL }

    /// Queues behaviours for the next generation requests; once used up, requests succeed.
    public func enqueue(_ behaviours: Behaviour...) { core.script.enqueue(behaviours) }

    /// Every request received, rejected ones included, in order.
    public var requests: [FakeAIRequest] { core.script.requests }

    /// The format of generated images.
    public var resultFormat: ImageFormat {
        get { core.script.resultFormat }
        nonmutating set { core.script.resultFormat = newValue }
    }

    /// Waits until the client has hung up on `count` responses (cancellation tests).
    public func waitForAbortedResponses(_ count: Int = 1, timeout: Duration = .seconds(3)) async -> Bool {
        await core.handle.server.waitForAbortedResponses(count, timeout: timeout)
    }

    /// Stops the server on a thread of its own and returns at once (see `FakeServerHandle`); deinit does it too.
    public func stop() { core.handle.stop() }
}
