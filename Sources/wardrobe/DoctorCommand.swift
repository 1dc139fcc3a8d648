import Defaults
import Foundation
import HTTP
import JSON
import Secrets
import SQLite
import Storage
import Telegram

/// `wardrobe doctor`: checks the config, the data folder, the database, the key file and the
/// configured services, and says in plain words what is wrong.
enum DoctorCommand {
    /// One check's outcome.
    struct Finding {
        let ok: Bool
        let text: String
    }

    static func run(app: App) async -> Int32 {
        var findings: [Finding] = [
            Finding(ok: true, text: "wardrobe \(BuildInfo.description)"),
            Finding(ok: true, text: "config: loaded, data folder \(app.dataDirectory)"),
            Finding(ok: true, text: "data files: " + DataFiles.names.map { app.configFileSource($0) }.joined(separator: ", ")),
        ]
        findings.append(checkDataFolder(app.dataDirectory))
        findings.append(checkDatabase(app))
        findings += await setAside(app)
        let keys: KeyStore?
        do {
            let store = try app.openKeyStore()
            keys = store
            let names = store.names()
            findings.append(Finding(ok: true, text: "key file: \(store.path) opens (\(names.count) secret\(names.count == 1 ? "" : "s"))"))
        } catch {
            keys = nil
            findings.append(Finding(ok: false, text: "key file: \((error as? SecretsError)?.userMessage ?? "\(error)")"))
        }
        findings += await ServiceChecks.run(app: app, keys: keys)
        for finding in findings { print("\(finding.ok ? "ok  " : "FAIL") \(finding.text)") }
        let failures = findings.filter { !$0.ok }.count
        print(failures == 0 ? "All checks passed." : "\(failures) problem\(failures == 1 ? "" : "s") found.")
        return failures == 0 ? 0 : 1
    }

    static func checkDataFolder(_ path: String) -> Finding {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { return Finding(ok: false, text: "data folder: \(path) is a file, not a folder") }
            guard FileManager.default.isWritableFile(atPath: path) else {
                return Finding(ok: false, text: "data folder: \(path) is not writable by this user")
            }
            return Finding(ok: true, text: "data folder: \(path) is writable")
        }
        return Finding(ok: true, text: "data folder: \(path) will be created on first run")
    }

    /// Work set aside because it crashed the worker (poison messages), newest first; each is a finding to look into.
    static func setAside(_ app: App) async -> [Finding] {
        guard let store = try? app.openStore() else { return [] }
        defer { store.close() }
        guard let items = try? await store.setAsideItems() else { return [] }
        if items.isEmpty { return [Finding(ok: true, text: "set aside: nothing (no update, event, job or daily send crashed the worker)")] }
        let format = ISO8601DateFormatter()
        return items.prefix(20).map { item in
            let chat = item.chatKey.isEmpty ? "" : " in \(item.chatKey)"
            return Finding(ok: false, text: "set aside: \(item.kind) \(item.itemID)\(chat), \(item.count) crashes, last \(format.string(from: item.lastAt)): \(item.detail)")
        } + (items.count > 20 ? [Finding(ok: false, text: "set aside: \(items.count - 20) more")] : [])
    }

    static func checkDatabase(_ app: App) -> Finding {
        do {
            let store = try app.openStore()
            defer { store.close() }
            let version = try store.database.sync { try Migrations.version(of: $0) }
            let check = try store.database.sync { try $0.first("PRAGMA quick_check")?.string("quick_check") } ?? "?"
            guard check == "ok" else { return Finding(ok: false, text: "database: integrity check says \(check)") }
            return Finding(ok: true, text: "database: schema version \(version), integrity ok")
        } catch let error as StorageError {
            return Finding(ok: false, text: "database: \(error.userMessage)")
        } catch {
            return Finding(ok: false, text: "database: \(error)")
        }
    }
}

/// Reachability of the configured remote services: any HTTP answer means reachable.
enum ServiceChecks {
    static func run(app: App, keys: KeyStore?) async -> [DoctorCommand.Finding] {
        let http = HTTPClient()
        var findings: [DoctorCommand.Finding] = []
        let config = app.configuration
        if let token = keys?.value(for: SecretName.telegramToken) {
            let api = config.string("telegram.api_base_url") ?? ""
            let reachable = await probe("telegram", url: "\(api)/bot\(token)/getMe", http: http) { status in
                status == 200 ? nil : status == 401 ? "the bot token was rejected (401); store a new one with wardrobe keys set telegram.token" : "answered HTTP \(status)"
            }
            findings.append(reachable)
            if reachable.ok, let keys, let client = app.telegramClient(keys: keys, http: http) {
                findings.append(await webhookFinding(app: app, keys: keys, client: client))
            }
        } else {
            findings.append(DoctorCommand.Finding(ok: true, text: "telegram: no token stored (wardrobe keys set telegram.token)"))
        }
        if let homeserver = config.string("matrix.homeserver_url") {
            findings.append(await probe("matrix", url: "\(homeserver)/_matrix/client/versions", http: http) { status in
                status == 200 ? nil : "answered HTTP \(status); is \(homeserver) a Matrix homeserver?"
            })
        } else {
            findings.append(DoctorCommand.Finding(ok: true, text: "matrix: not configured (matrix.homeserver_url is null)"))
        }
        for service in ["openrouter", "gemini", "fal"] {
            let base = config.string("tryon.\(service).base_url") ?? ""
            guard keys?.value(for: service) != nil else {
                findings.append(DoctorCommand.Finding(ok: true, text: "\(service): no operator key (users can bring their own with /key)"))
                continue
            }
            findings.append(await probe(service, url: base, http: http) { _ in nil })
        }
        return findings
    }

    /// GETs `url` with a short timeout; `judge` turns the status into a problem, or nil when fine.
    static func probe(_ name: String, url: String, http: HTTPClient, judge: (Int) -> String?) async -> DoctorCommand.Finding {
        var request = HTTPRequest(url: url)
        request.timeout = .seconds(8)
        request.connectTimeout = .seconds(5)
        request.maxResponseBytes = 1_000_000
        do {
            let response = try await http.send(request)
            if let problem = judge(response.status) { return DoctorCommand.Finding(ok: false, text: "\(name): \(problem)") }
            return DoctorCommand.Finding(ok: true, text: "\(name): reachable (HTTP \(response.status))")
        } catch {
            return DoctorCommand.Finding(ok: false, text: "\(name): can't be reached: \(error.userMessage)")
        }
    }

    /// Whether Telegram's webhook matches `telegram.mode`: none in polling mode (getUpdates would get
    /// 409), one with a stored secret in webhook mode, and Telegram's last delivery error if it has one.
    static func webhookFinding(app: App, keys: KeyStore, client: TelegramClient) async -> DoctorCommand.Finding {
        let info: JSON
        do { info = try await client.call("getWebhookInfo") } catch {
            return DoctorCommand.Finding(ok: false, text: "telegram webhook: getWebhookInfo failed: \(error.description)")
        }
        let url = info["url"]?.string ?? ""
        let pending = info["pending_update_count"]?.int ?? 0
        guard app.configuration.string("telegram.mode") == "webhook" else {
            if url.isEmpty { return DoctorCommand.Finding(ok: true, text: "telegram: polling, no webhook set") }
            return DoctorCommand.Finding(
                ok: false, text: "telegram webhook: set to \(url) while telegram.mode is polling, so getUpdates gets 409; run wardrobe telegram delete-webhook or set telegram.mode to webhook")
        }
        guard !url.isEmpty else {
            return DoctorCommand.Finding(ok: false, text: "telegram webhook: none set while telegram.mode is webhook; run wardrobe telegram set-webhook URL")
        }
        guard keys.value(for: SecretName.telegramWebhookSecret).flatMap(WebhookSecret.init) != nil else {
            return DoctorCommand.Finding(ok: false, text: "telegram webhook: no valid \(SecretName.telegramWebhookSecret) stored; run wardrobe telegram set-webhook URL again")
        }
        if let error = info["last_error_message"]?.string, !error.isEmpty {
            return DoctorCommand.Finding(ok: false, text: "telegram webhook: \(url), \(pending) pending; Telegram's last delivery failed: \(error)")
        }
        return DoctorCommand.Finding(ok: true, text: "telegram webhook: \(url), \(pending) pending")
    }
}
