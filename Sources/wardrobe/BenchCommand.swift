import Closet
import Foundation
import Images
import ProductImport
import TelegramBench

/// `wardrobe bench outfit|import|images|telegram|all`: the benchmarks `make bench` prints.
enum BenchCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        guard let which = arguments.first else { return CLI.fail("usage: wardrobe bench outfit|import|images|telegram|all") }
        if which == "telegram", arguments.dropFirst().first == "--server" {
            // The child process holding the fake Bot API, so the worker's memory is measured alone.
            let values = Array(arguments.dropFirst(2))
            guard values.count == 4, let updates = Int(values[0]), let chats = Int(values[1]), let closet = Int(values[2]) else {
                return CLI.fail("usage: wardrobe bench telegram --server UPDATES CHATS CLOSET_SIZE FOLDER (started by bench telegram)")
            }
            try await TelegramBenchServer.serve(updates: updates, chats: chats, closetSize: closet, folder: values[3])
            return 0
        }
        if which == "images", arguments.dropFirst().first == "--worker" {
            // The child process that measures the image pipeline's own peak memory.
            print(try ImageBenchmark.workerOutput(arguments: Array(arguments.dropFirst(2))))
            return 0
        }
        let all = which == "all"
        var ran = false
        // First, so the worker's peak RSS is not raised by the other benchmarks run in this process.
        if all || which == "telegram" {
            ran = true
            print("== bench telegram")
            var benchmark = TelegramBenchmark(serverCommand: [CommandLine.arguments[0], "bench", "telegram", "--server"])
            // `--updates N --chats N --closet N` shrink the run, e.g. to see what memory scales with.
            let options = Options(Array(arguments.dropFirst()))
            if let value = options.value("--updates").flatMap(Int.init) { benchmark.updates = value }
            if let value = options.value("--chats").flatMap(Int.init) { benchmark.chats = value }
            if let value = options.value("--closet").flatMap(Int.init) { benchmark.closetSize = value }
            if let value = options.value("--in-flight").flatMap(Int.init) { benchmark.maxInFlight = value }
            print(try await benchmark.run())
            print(try await TelegramLatencyBenchmark().run())
        }
        if all || which == "outfit" {
            ran = true
            print("== bench outfit")
            print(OutfitBenchmark().run { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
        }
        if all || which == "import" {
            ran = true
            print("== bench import")
            let corpus = URL(fileURLWithPath: "Tests/ProductImportTests/Fixtures/pages")
            let rules = try app.loadKeywordRules(), sites = try app.loadSiteRules()
            print(try ImportBenchmark(corpusFolder: corpus, rules: rules, sites: sites).run())
            // `--pages DIR` times real saved pages against extruct (default: the real-page fixtures).
            let options = Options(Array(arguments.dropFirst()))
            let pages = options.value("--pages") ?? "Tests/ProductImportTests/Fixtures/real"
            let python = options.value("--python") ?? ".build/venv/bin/python3"
            let repetitions = options.value("--repetitions").flatMap(Int.init).map { min(max($0, 1), 101) } ?? 7
            print(try ImportPagesBench.run(folder: pages, extractor: ProductExtractor(rules: rules, sites: sites), python: python, repetitions: repetitions))
        }
        if all || which == "images" {
            ran = true
            print("== bench images")
            print(try ImageBenchmark.run(.init(worker: [CommandLine.arguments[0], "bench", "images", "--worker"])))
        }
        guard ran else { return CLI.fail("unknown benchmark \(which); use outfit, import, images, telegram or all") }
        return 0
    }
}
