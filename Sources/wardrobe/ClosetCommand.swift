import Closet
import Foundation
import JSON
import Storage
import Support

/// `wardrobe closet export|import` and `wardrobe outfit`: the closet from the command line.
enum ClosetCommand {
    /// `closet export --user ID` prints the closet as JSON; `closet import FILE --user ID` loads one (all or nothing).
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        let options = Options(arguments)
        guard let action = options.positional.first, let userKey = options.value("--user") else {
            return CLI.fail("usage: wardrobe closet export --user ID | closet import FILE --user ID (ID like telegram:123456789)")
        }
        let store = try app.openStore()
        defer { store.close() }
        switch action {
        case "export":
            guard let user = try await store.user(key: userKey) else { return CLI.fail("no user \(userKey)") }
            print(try await store.closetExport(userID: user.id).text)
        case "import":
            guard options.positional.count == 2 else { return CLI.fail("closet import needs a FILE") }
            let path = options.positional[1]
            // The size is checked before reading, so a huge file costs nothing.
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
            if let size, size > ClosetCodec.maximumFileBytes {
                throw ClosetError.fileTooLarge(bytes: size, limit: ClosetCodec.maximumFileBytes)
            }
            guard let data = FileManager.default.contents(atPath: path) else { return CLI.fail("can't read \(path)") }
            let parsed = try ClosetCodec.decode(jsonText: String(decoding: data, as: UTF8.self), importedAt: Date())
            guard parsed.problems.isEmpty else {
                for problem in parsed.problems { FileHandle.standardError.write(Data("\(path): \(problem)\n".utf8)) }
                return CLI.fail("nothing imported: \(parsed.problems.count) bad row\(parsed.problems.count == 1 ? "" : "s")")
            }
            let user = try await Self.user(userKey, store: store)
            let saved = try await store.importItems(parsed.items, userID: user.id)
            let skipped = parsed.items.count - saved.count
            print("Imported \(saved.count) item\(saved.count == 1 ? "" : "s") for \(userKey)"
                + (skipped > 0 ? "; \(skipped) already in the closet." : "."))
        default:
            return CLI.fail("unknown closet action \(action)")
        }
        return 0
    }

    /// `outfit OCCASION --user ID [--seed S] [--count N] [--json]`: runs the engine on a user's closet.
    static func outfit(app: App, arguments: [String]) async throws -> Int32 {
        let options = Options(arguments)
        guard !options.positional.isEmpty, let userKey = options.value("--user") else {
            return CLI.fail("usage: wardrobe outfit OCCASION --user ID [--seed S] [--count N] [--json]")
        }
        let catalog = try app.loadOccasions()
        let occasion = try catalog.resolve(options.positional.joined(separator: " "))
        let store = try app.openStore()
        defer { store.close() }
        guard let user = try await store.user(key: userKey) else { return CLI.fail("no user \(userKey)") }
        let engine = OutfitEngine(weights: catalog.weights ?? ScoringWeights())
        let suggestion = engine.topOutfits(
            closet: try await store.items(userID: user.id), occasion: occasion, count: Int(options.value("--count") ?? "1") ?? 1,
            now: Date(), seed: options.value("--seed").flatMap(UInt64.init))
        switch suggestion {
        case .missing(let missing):
            if options.flag("--json") { print(JSON.object(["missing": .string(missing.userMessage)]).serialized(pretty: true)) } else { print(missing.userMessage) }
            return 1
        case .outfits(let outfits, _):
            if options.flag("--json") {
                print(JSON.array(outfits.map { Self.json($0, occasion: occasion) }).serialized(pretty: true))
            } else {
                for outfit in outfits {
                    print(outfit.pieces.map { "#\($0.number) \($0.name)" }.joined(separator: " + "))
                    print("  score \(String(format: "%.2f", outfit.score)): \(outfit.explanation(occasion: occasion))")
                }
            }
        }
        return 0
    }

    static func json(_ outfit: Outfit, occasion: Occasion) -> JSON {
        [
            "occasion": .string(occasion.name), "score": .double(outfit.score),
            "pieces": .array(outfit.pieces.map { ["number": .int(Int64($0.number)), "name": .string($0.name), "category": .string($0.category.rawValue)] }),
            "breakdown": .object(Dictionary(outfit.breakdown.map { ($0.name.rawValue, JSON.double($0.points)) }, uniquingKeysWith: { a, _ in a })),
            "explanation": .string(outfit.explanation(occasion: occasion)),
        ]
    }

    /// The user for an identity key, created if needed (`telegram:123`, `matrix:@ana:example.org`, `console:local`).
    static func user(_ key: String, store: Store) async throws -> UserRecord {
        guard let colon = key.firstIndex(of: ":"), colon != key.startIndex, key.index(after: colon) != key.endIndex else {
            throw CLIError("user ids look like telegram:123456789, matrix:@ana:example.org or console:local")
        }
        return try await store.user(transport: String(key[..<colon]), externalID: String(key[key.index(after: colon)...]))
    }
}

/// A command-line problem with a message for the operator.
struct CLIError: InternalError, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Minimal option parsing: `--name value` pairs, `--flag`s and positional words.
struct Options {
    private(set) var positional: [String] = []
    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("--") {
                if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--"), Options.takesValue(word) {
                    values[word] = arguments[index + 1]
                    index += 1
                } else {
                    flags.insert(word)
                }
            } else {
                positional.append(word)
            }
            index += 1
        }
    }

    static func takesValue(_ option: String) -> Bool { !["--json", "--console"].contains(option) }
    func value(_ name: String) -> String? { values[name] }
    func flag(_ name: String) -> Bool { flags.contains(name) }
}
