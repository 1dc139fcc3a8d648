import Foundation
import HTTP
import JSON
import Telegram
import Testing
import WardrobeTestKit
#if canImport(Glibc)
import Glibc
#endif

/// The real `wardrobe` binary against the fake Bot API: `telegram set-webhook`, then `run` in webhook
/// mode with `/healthz` and `/metrics` on loopback.
@Suite(.serialized) struct WebhookCommandTests {
    /// A data folder, configuration and environment for one run of the binary; removed by `cleanUp`.
    struct Setup {
        let folder: String
        let binary: String
        var environment: [String: String]

        init(server: FakeTelegramServer) throws {
            binary = try #require(ChildProcess.binary("wardrobe"), "build the wardrobe executable first (make test builds everything)")
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tg-webhook-\(UUID())").path
            try FileManager.default.createDirectory(atPath: "\(folder)/config", withIntermediateDirectories: true)
            try "{}".write(toFile: "\(folder)/config/wardrobe.json", atomically: true, encoding: .utf8)
            environment = ProcessInfo.processInfo.environment
            environment["WARDROBE_MASTER_KEY"] = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            environment["WARDROBE_DATA_DIRECTORY"] = "\(folder)/data"
            environment["WARDROBE_TELEGRAM_API_BASE_URL"] = server.baseURL
            environment["WARDROBE_TELEGRAM_RATE_LIMIT_GLOBAL_PER_SECOND"] = "0"
        }

        /// Runs the binary to its end with `input` on stdin; returns the exit status and the output.
        func run(_ arguments: [String], input: String = "") async throws -> (status: Int32, output: String) {
            let log = "\(folder)/\(UUID()).log"
            let process = try launch(arguments, input: input, log: log)
            #expect(await ChildProcess.waitForExit(process))
            return (process.terminationStatus, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }

        func launch(_ arguments: [String], input: String = "", log: String) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["--config", "\(folder)/config/wardrobe.json"] + arguments
            process.environment = environment
            FileManager.default.createFile(atPath: log, contents: nil)
            let output = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
            process.standardOutput = output
            process.standardError = output
            let pipe = Pipe()
            process.standardInput = pipe
            try process.run()
            pipe.fileHandleForWriting.write(Data(input.utf8))
            try pipe.fileHandleForWriting.close()
            return process
        }

        func cleanUp() { try? FileManager.default.removeItem(atPath: folder) }
    }

    @Test func setWebhookSendsTheURLSecretUpdateTypesAndConnectionLimit() async throws {
        let server = try FakeTelegramServer()
        let setup = try Setup(server: server)
        defer {
            setup.cleanUp()
            server.stop()
        }
        #expect(try await setup.run(["keys", "set", "telegram.token"], input: server.token + "\n").status == 0)
        let done = try await setup.run(["telegram", "set-webhook", "https://bot.example.org/telegram/webhook"])
        #expect(done.status == 0, "\(done.output)")
        let webhook = try #require(server.webhook)
        #expect(webhook.url == "https://bot.example.org/telegram/webhook")
        #expect(webhook.maxConnections == 40)
        #expect(webhook.allowedUpdates == TelegramConfiguration.allowedUpdates)
        let secret = try #require(webhook.secretToken)
        #expect(WebhookSecret(secret) != nil)
        // A second call reuses the stored secret.
        #expect(try await setup.run(["telegram", "set-webhook", "https://bot.example.org/telegram/webhook"]).status == 0)
        #expect(server.webhook?.secretToken == secret)
        // doctor sees the webhook: a conflict while telegram.mode is polling, fine in webhook mode.
        let polling = try await setup.run(["doctor"])
        #expect(polling.output.contains("while telegram.mode is polling"), "\(polling.output)")
        var webhookMode = setup
        webhookMode.environment["WARDROBE_TELEGRAM_MODE"] = "webhook"
        let serving = try await webhookMode.run(["doctor"])
        #expect(serving.output.contains("telegram webhook: https://bot.example.org/telegram/webhook, 0 pending"), "\(serving.output)")
        // Telegram's refusal reaches the operator; a plain http:// URL is refused before any call.
        let badPort = try await setup.run(["telegram", "set-webhook", "https://bot.example.org:9000/hook"])
        #expect(badPort.status != 0)
        #expect(badPort.output.contains("ports 80, 88, 443 or 8443"))
        let plain = try await setup.run(["telegram", "set-webhook", "http://bot.example.org/hook"])
        #expect(plain.status != 0)
        #expect(server.calls("setWebhook").count == 3)
        #expect(try await setup.run(["telegram", "delete-webhook"]).status == 0)
        #expect(server.webhook == nil)
    }

    @Test func runInWebhookModeServesTheWebhookHealthAndMetrics() async throws {
        let server = try FakeTelegramServer()
        var setup = try Setup(server: server)
        defer {
            setup.cleanUp()
            server.stop()
        }
        let secret = "run-Secret_42"
        #expect(try await setup.run(["keys", "set", "telegram.token"], input: server.token + "\n").status == 0)
        #expect(try await setup.run(["keys", "set", "telegram.webhook.secret_token"], input: secret + "\n").status == 0)
        setup.environment["WARDROBE_TELEGRAM_MODE"] = "webhook"
        setup.environment["WARDROBE_TELEGRAM_WEBHOOK_LISTEN"] = "127.0.0.1:0"
        setup.environment["WARDROBE_HTTP_LISTEN"] = "127.0.0.1:0"
        let log = "\(setup.folder)/run.log"
        let process = try setup.launch(["run"], log: log)
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        // The two servers log their ephemeral addresses.
        let addresses = try await Self.listeningServers(count: 2, log: log, process: process)
        let webhookBase = try #require(addresses["webhook"], "no webhook server in the log")
        let opsBase = try #require(addresses["ops"], "no /healthz server in the log")
        let client = HTTPClient(configuration: .init(proxy: .none))

        let update = server.sendText("/help", from: FakeUser(id: 777, firstName: "Hook"))
        let body = try #require(server.takeForWebhook().first).body
        var post = HTTPRequest(
            method: .post, url: webhookBase + "/telegram/webhook", headers: HTTPHeaders([(TelegramWebhook.secretHeader, secret)]),
            body: .json(body.serialized()))
        #expect(try await client.send(post).status == 200)
        post.headers = HTTPHeaders([(TelegramWebhook.secretHeader, "wrong")])
        #expect(try await client.send(post).status == 401)
        #expect(await server.wait(timeout: .seconds(30)) { $0.messages(inChat: 777).count == 1 })
        #expect(server.getUpdatesCount == 0)
        _ = update

        let health = try await client.send(HTTPRequest(url: opsBase + "/healthz"))
        #expect(health.status == 200)
        let report = try JSON.parse(health.text)
        #expect(report["status"]?.string == "ok")
        #expect(report["database"]?.string == "ok")
        #expect(report["telegram"]?["state"]?.string == "webhook")

        // The reply is counted once the dispatcher's turn ends, just after it is recorded.
        var metrics = ""
        for _ in 0..<100 {
            metrics = try await client.send(HTTPRequest(url: opsBase + "/metrics")).text
            if metrics.contains(#"wardrobe_updates_handled_total{network="telegram"} 1"#) { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(metrics.contains(#"wardrobe_updates_handled_total{network="telegram"} 1"#))
        #expect(metrics.contains(#"wardrobe_webhook_requests_total{result="accepted"} 1"#))
        #expect(metrics.contains(#"wardrobe_webhook_requests_total{result="unauthorized"} 1"#))
        #expect(metrics.contains(#"wardrobe_handler_duration_seconds_count{network="telegram"} 1"#))
        #expect(metrics.contains(#"wardrobe_inbox_pending{network="telegram"} 0"#))
        #expect(metrics.contains("# TYPE wardrobe_handler_duration_seconds histogram"))
        #expect(try await client.send(HTTPRequest(url: opsBase + "/nothing")).status == 404)

        kill(process.processIdentifier, SIGTERM)
        #expect(await ChildProcess.waitForExit(process))
        #expect(process.terminationStatus == 0)
    }

    @Test func healthzAnswers503WithTheReasonWhenTelegramRejectsTheToken() async throws {
        let server = try FakeTelegramServer()
        var setup = try Setup(server: server)
        defer {
            setup.cleanUp()
            server.stop()
        }
        #expect(try await setup.run(["keys", "set", "telegram.token"], input: "999:not-the-token\n").status == 0)
        setup.environment["WARDROBE_HTTP_LISTEN"] = "127.0.0.1:0"
        let log = "\(setup.folder)/run.log"
        let process = try setup.launch(["run"], log: log)
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
        let deadline = ContinuousClock.now + .seconds(30)
        let base = try #require(try await Self.listeningServers(count: 1, log: log, process: process)["ops"], "no /healthz server in the log")
        let client = HTTPClient(configuration: .init(proxy: .none))
        // The worker fails getMe, stops and is restarted with a backoff: wait until a check sees it stopped.
        var last: HTTPResponse?
        while ContinuousClock.now < deadline {
            let response = try await client.send(HTTPRequest(url: base + "/healthz"))
            last = response
            if response.status == 503 { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        let response = try #require(last)
        #expect(response.status == 503)
        let report = try JSON.parse(response.text)
        #expect(report["status"]?.string == "unhealthy")
        #expect(report["database"]?.string == "ok")
        #expect(report["reasons"]?.array?.contains { $0.string?.hasPrefix("telegram is stopped") == true } == true)
        kill(process.processIdentifier, SIGTERM)
        #expect(await ChildProcess.waitForExit(process))
    }

    /// A logfmt field's value (quoted or bare).
    /// The addresses of the HTTP servers `wardrobe run` logged as listening ("webhook", else "ops"), once
    /// `count` have appeared, the process exited or 30 s passed. The child process has no other way to
    /// say, so its log is read again every 20 ms.
    static func listeningServers(count: Int, log: String, process: Process) async throws -> [String: String] {
        var addresses: [String: String] = [:]
        let deadline = ContinuousClock.now + .seconds(30)
        while addresses.count < count, ContinuousClock.now < deadline, process.isRunning {
            let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            for line in text.split(separator: "\n") where line.contains("HTTP server listening") {
                guard let address = field("address", in: String(line)), let paths = field("paths", in: String(line)) else { continue }
                addresses[paths.contains("webhook") ? "webhook" : "ops"] = address
            }
            if addresses.count < count { try await Task.sleep(for: .milliseconds(20)) }
        }
        return addresses
    }

    static func field(_ name: String, in line: String) -> String? {
        guard let range = line.range(of: " \(name)=") else { return nil }
        let rest = line[range.upperBound...]
        if rest.hasPrefix("\"") { return rest.dropFirst().split(separator: "\"").first.map(String.init) }
        return rest.split(separator: " ").first.map(String.init)
    }
}
