import JSON
import Images
import Synchronization

/// The scripted part of a fake service: a queue of behaviours, the request log, and files it serves.
final class FakeScript<Behaviour: Sendable>: Sendable {
    private struct State {
        var queue: [Behaviour] = []
        var requests: [FakeAIRequest] = []
        var files: [String: (bytes: [UInt8], type: String)] = [:]
        var resultFormat: ImageFormat
    }

    private let state: Mutex<State>

    init(resultFormat: ImageFormat) {
        state = Mutex(State(resultFormat: resultFormat))
    }

    /// Appends behaviours for the next generation requests, in order.
    func enqueue(_ behaviours: [Behaviour]) {
        state.withLock { $0.queue += behaviours }
    }

    /// The next scripted behaviour, or nil when the queue is empty (the fake then succeeds).
    func next() -> Behaviour? {
        state.withLock { $0.queue.isEmpty ? nil : $0.queue.removeFirst() }
    }

    /// Logs a request.
    func record(_ request: FakeAIRequest) {
        state.withLock { $0.requests.append(request) }
    }

    /// Every request so far, in order.
    var requests: [FakeAIRequest] { state.withLock { $0.requests } }

    /// The format of generated results.
    var resultFormat: ImageFormat {
        get { state.withLock { $0.resultFormat } }
        set { state.withLock { $0.resultFormat = newValue } }
    }

    /// Keeps `bytes` for download and returns its path, e.g. "/files/3.png".
    func store(_ bytes: [UInt8], format: ImageFormat) -> String {
        state.withLock { state in
            let path = "/files/\(state.files.count + 1).\(format.fileExtension)"
            state.files[path] = (bytes, format.mimeType)
            return path
        }
    }

    /// A stored file.
    func file(at path: String) -> (bytes: [UInt8], type: String)? {
        state.withLock { $0.files[path] }
    }
}

/// Real small result pictures (phone-shaped), so the bot under test can store and show what a fake returns.
enum FakeResultImage {
    /// A 144×256 synthetic photo in `format`; `index` varies the picture.
    static func make(format: ImageFormat, index: Int) throws(FakeRejection) -> [UInt8] {
        do {
            return try SyntheticPhoto.generate(width: 144, height: 256, format: format, seed: index + 1)
        } catch {
            throw FakeRejection("the fake could not render a \(format) result: \(error)")
        }
    }
}

/// Checks a JSON object's field names the way strict APIs do.
enum FieldCheck {
    /// Fails unless `value` is an object with every `required` key and no keys outside `required` and `optional`.
    static func object(_ value: JSON?, at path: String, required: Set<String>, optional: Set<String> = []) throws(FakeRejection) -> [String: JSON] {
        guard let members = value?.object else { throw FakeRejection("\(path) must be an object") }
        if let missing = required.subtracting(members.keys).sorted().first {
            throw FakeRejection("\(path).\(missing) is required")
        }
        if let unknown = Set(members.keys).subtracting(required).subtracting(optional).sorted().first {
            throw FakeRejection("unknown field \(path).\(unknown)")
        }
        return members
    }

    /// Fails unless `value` is a non-empty string.
    static func string(_ value: JSON?, at path: String) throws(FakeRejection) -> String {
        guard let text = value?.string, !text.isEmpty else { throw FakeRejection("\(path) must be a non-empty string") }
        return text
    }

    /// Fails unless `value` is a non-empty array.
    static func array(_ value: JSON?, at path: String) throws(FakeRejection) -> [JSON] {
        guard let elements = value?.array, !elements.isEmpty else { throw FakeRejection("\(path) must be a non-empty array") }
        return elements
    }

    /// Fails unless `value` is an integer in `range`.
    static func int(_ value: JSON?, at path: String, in range: ClosedRange<Int>) throws(FakeRejection) -> Int {
        guard let number = value?.int, range.contains(Int(number)) else {
            throw FakeRejection("\(path) must be an integer in \(range.lowerBound)...\(range.upperBound)")
        }
        return Int(number)
    }

    /// Fails unless `value` is a ratio such as "9:16".
    static func aspectRatio(_ value: JSON?, at path: String) throws(FakeRejection) -> String {
        let text = try string(value, at: path)
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts.allSatisfy({ Int($0).map { $0 > 0 } ?? false }) else {
            throw FakeRejection("\(path) must look like 9:16")
        }
        return text
    }
}
