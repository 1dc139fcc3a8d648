import Bot
import Chat
import Foundation
import HTTP
import Secrets
import Sodium
import Storage
import Support
import Telegram

// A Telegram worker like `wardrobe run`, with one more command: /crash kills the process the way
// a bug in a handler would. The poison-message tests run it against the fake Bot API and restart it
// as a supervisor would. It is a test target: `wardrobe` never contains it.
let environment = ProcessInfo.processInfo.environment
guard let folder = environment["CRASHER_DATA"], let base = environment["CRASHER_API"], let token = environment["CRASHER_TOKEN"],
      let configFolder = environment["CRASHER_CONFIG"] else {
    FileHandle.standardError.write(Data("set CRASHER_DATA, CRASHER_API, CRASHER_TOKEN and CRASHER_CONFIG\n".utf8))
    exit(2)
}
let store = try Store(dataDirectory: folder)
let keys = try KeyStore.open(path: "\(folder)/secrets.enc", key: MasterKeySource.resolve(environment: [:], dataDirectory: folder))
let logger = Logger(label: "crasher", level: .info, sink: StandardErrorSink())
let clock = SystemClock()
let http = HTTPClient()
let bot = try BotEnvironment(store: store, keys: keys, logger: logger, clock: clock, configFolder: configFolder, fetcher: .init(), http: http, nextSeed: { 7 })
let router = Features.router(bot) { builder in
    builder.add(Command("crash", summary: "stops the worker (tests only)") { _, _ in
        kill(getpid(), SIGKILL)
    })
}
let configuration = TelegramConfiguration(apiBaseURL: base, pollTimeoutSeconds: 1, backoff: Backoff(base: 0.05, cap: 0.2))
let client = TelegramClient(token: token, baseURL: configuration.apiBaseURL, transport: http)
let transport = TelegramTransport(client: client, store: store, configuration: configuration, logger: logger, clock: clock)
let dispatcher = ChatDispatcher(router: router, logger: logger)
let poller = TelegramPoller(
    client: client, transport: transport, dispatcher: dispatcher, store: store, commands: router.listedCommands,
    configuration: configuration, logger: logger, clock: clock)
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { await dispatcher.run() }
    group.addTask {
        defer { Task { await dispatcher.finish() } }
        try await poller.run()
    }
    try await group.waitForAll()
}
