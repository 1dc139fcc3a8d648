import HTTPServer
import Support

/// Runs one embedded HTTP server in the service group; it is bound before the group starts, so a
/// taken port stops start-up with one clear line instead of failing later.
struct HTTPServerService: Service {
    let server: HTTPServer
    var name: String { "http \(server.baseURL)" }

    func run() async throws { await server.run() }

    func shutdown() async { await server.stop(grace: .seconds(5)) }
}
