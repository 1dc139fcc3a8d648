import Closet
import Foundation
import Images
import ProductImport

/// `wardrobe bench outfit|import|images|pictures|telegram|scale|all`: the benchmarks `make bench` prints
/// (`pictures` is the outfit flat-lay and closet sheet part of `images` alone; `scale` runs several
/// `wardrobe run` workers on the PostgreSQL cluster named by `WARDROBE_BENCH_POSTGRES`).
enum BenchCommand {
    static func run(app: App, arguments: [String]) async throws -> Int32 {
        guard let which = arguments.first else { return CLI.fail("usage: wardrobe bench outfit|import|images|pictures|telegram|scale|all") }
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
            // Its own executable beside this one: it links the loopback fakes, which `wardrobe` never does.
            let status = try TelegramBenchLauncher.run(arguments: Array(arguments.dropFirst()))
            guard status == 0 else { return status }
        }
        if all || which == "scale" {
            ran = true
            print("== bench scale")
            // The same executable: it hosts the fake Bot API and starts `wardrobe run` workers from beside it.
            let options = which == "scale" ? Array(arguments.dropFirst()) : []
            let status = try TelegramBenchLauncher.run(arguments: ["scale"] + options)
            guard status == 0 else { return status }
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
            // The outfit flat-lay and the closet contact sheet against their budgets (60 ms, 150 ms).
            print(try PictureBenchmark.run())
            print(try ChartBenchmark.run())
        }
        if which == "pictures" {
            ran = true
            print("== bench pictures")
            print(try PictureBenchmark.run())
        }
        guard ran else { return CLI.fail("unknown benchmark \(which); use outfit, import, images, pictures, telegram, scale or all") }
        return 0
    }
}
