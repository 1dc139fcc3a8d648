import TelegramBench

/// `wardrobe bench telegram` (and `bench all`): prints benchmark figures.
enum BenchCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        switch arguments.first {
        case "telegram", "all":
            print(try await TelegramBenchmark().run())
            return 0
        default:
            return CLI.fail("usage: wardrobe bench telegram | bench all")
        }
    }
}
