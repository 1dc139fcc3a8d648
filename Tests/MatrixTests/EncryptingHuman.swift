import Foundation
import JSON

/// A person on an encrypting Matrix client: `Tests/matrix/e2e_human.py` (matrix-nio with its e2e extra,
/// from `.build/venv`), one process per step, its device kept in `state` between steps.
struct EncryptingHuman {
    /// `ana` or `bob` (`ana2` is a second device of Ana).
    let name: String
    /// The folder holding every human's device state.
    let state: String

    static var root: URL { URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent() }

    /// Runs one step; returns the JSON line it printed, or throws with its error text.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = [], options: [String] = []) async throws -> JSON {
        let process = Process()
        process.executableURL = Self.root.appendingPathComponent(".build/venv/bin/python")
        process.arguments = [Self.root.appendingPathComponent("Tests/matrix/e2e_human.py").path, command, name] + arguments
            + ["--state", state] + options
        // Files rather than pipes: a chatty step can't block on a full pipe.
        let outputPath = "\(state)/\(name)-\(command)-\(UUID()).out", errorPath = outputPath + ".err"
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        FileManager.default.createFile(atPath: errorPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        defer {
            try? output.close()
            try? errors.close()
        }
        process.standardOutput = output
        process.standardError = errors
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        let printed = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let problem = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        guard status == 0 else { throw HumanStepFailed(step: "\(name) \(command)", detail: String(problem.suffix(1500))) }
        let line = printed.split(separator: "\n").last.map(String.init) ?? "{}"
        return try JSON.parse(line)
    }
}

/// A human step that exited with an error.
struct HumanStepFailed: Error, CustomStringConvertible {
    let step: String
    let detail: String
    var description: String { "\(step) failed: \(detail)" }
}
