import Closet
import Foundation
import Images
import ProductImport
import TelegramBench

/// `wardrobe bench outfit|import|images|telegram|all`: the benchmarks `make bench` prints.
enum BenchCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        guard let which = arguments.first else { return CLI.fail("usage: wardrobe bench outfit|import|images|telegram|all") }
        if which == "images", arguments.dropFirst().first == "--worker" {
            // The child process that measures the image pipeline's own peak memory.
            print(try ImageBenchmark.workerOutput(arguments: Array(arguments.dropFirst(2))))
            return 0
        }
        let all = which == "all"
        var ran = false
        if all || which == "outfit" {
            ran = true
            print("== bench outfit")
            print(OutfitBenchmark().run { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
        }
        if all || which == "import" {
            ran = true
            print("== bench import")
            let corpus = URL(fileURLWithPath: "Tests/ProductImportTests/Fixtures/pages")
            print(try ImportBenchmark(corpusFolder: corpus, rules: try app.loadKeywordRules()).run())
        }
        if all || which == "images" {
            ran = true
            print("== bench images")
            print(try ImageBenchmark.run(.init(worker: [CommandLine.arguments[0], "bench", "images", "--worker"])))
        }
        if all || which == "telegram" {
            ran = true
            print("== bench telegram")
            print(try await TelegramBenchmark().run())
        }
        guard ran else { return CLI.fail("unknown benchmark \(which); use outfit, import, images, telegram or all") }
        return 0
    }
}
