import HTTP
import Testing
import WardrobeTestKit

@Suite("HTTP client: concurrency")
struct HTTPClientConcurrencyTests {
    let client = HTTPClient()

    @Test("Fifty parallel requests all complete with their own answers")
    func fiftyInParallel() async throws {
        let server = try LoopbackHTTPServer { request in
            try? await Task.sleep(for: .milliseconds(100))
            return .text("answer \(request.query("id") ?? "?")")
        }
        defer { server.stop() }
        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for id in 0..<50 {
                group.addTask { [client] in
                    (id, try await client.send(HTTPRequest(url: server.url("/work?id=\(id)"))).text)
                }
            }
            var answers: [Int: String] = [:]
            for try await (id, text) in group { answers[id] = text }
            return answers
        }
        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0.value == "answer \($0.key)" })
        #expect(server.requests.count == 50)
    }
}
