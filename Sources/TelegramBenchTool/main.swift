import Foundation
import TelegramBench

// `wardrobe-telegram-bench`: the Telegram benchmarks, in their own executable because they drive the
// worker through the loopback fakes of WardrobeTestKit, which the shipped `wardrobe` never links.
// `wardrobe bench telegram` (and `bench all`) start it from beside the `wardrobe` binary.
//
//   wardrobe-telegram-bench [--updates N] [--chats N] [--closet N] [--in-flight N] [--latency-samples N]
//   wardrobe-telegram-bench --server UPDATES CHATS CLOSET_SIZE FOLDER   (the fake Bot API's child process)
//   wardrobe-telegram-bench scale [--updates N] [--chats N] [--large] [--workers 1,2,3] [--keep-logs] [--postgres CONNINFO]
//       1, 2 and 3 `wardrobe run` workers on PostgreSQL (the cluster in --postgres or WARDROBE_BENCH_POSTGRES)
//       and 1 on SQLite, the `wardrobe` binary beside this one

let arguments = Array(CommandLine.arguments.dropFirst())

/// The value after `name`, if given.
func option(_ name: String) -> Int? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return Int(arguments[index + 1])
}

/// The text after `name`, if given.
func text(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

do {
    if arguments.first == "scale" {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let binary = folder.appendingPathComponent("wardrobe").path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            FileHandle.standardError.write(Data("wardrobe-telegram-bench scale: no wardrobe binary beside this one at \(binary); build both (make bench does)\n".utf8))
            exit(1)
        }
        let conninfo = text("--postgres") ?? ProcessInfo.processInfo.environment["WARDROBE_BENCH_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
        var benchmark = ScaleBenchmark(workerBinary: binary, clusterConninfo: conninfo)
        // The default is the burst (3,000 updates over 300 chats); `--large` is four times that,
        // and `--updates`/`--chats` set any size.
        if arguments.contains("--large") { (benchmark.updates, benchmark.chats) = (12_000, 1_200) }
        if let value = option("--updates") { benchmark.updates = min(max(value, 1), 1_000_000) }
        if let value = option("--chats") { benchmark.chats = min(max(value, 1), 100_000) }
        // `--workers 2,3`: only these PostgreSQL worker counts (1–16), and no SQLite run.
        if let list = text("--workers") {
            let counts = list.split(separator: ",").compactMap { Int($0) }.filter { (1...16).contains($0) }
            guard !counts.isEmpty else {
                FileHandle.standardError.write(Data("wardrobe-telegram-bench scale: --workers takes counts from 1 to 16, e.g. 1,2,3\n".utf8))
                exit(2)
            }
            benchmark.postgresWorkers = counts
            benchmark.includeSQLite = false
        }
        benchmark.keepLogs = arguments.contains("--keep-logs")
        print(try await benchmark.run { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
        exit(0)
    }
    if arguments.first == "--server" {
        let values = Array(arguments.dropFirst())
        guard values.count == 4, let updates = Int(values[0]), let chats = Int(values[1]), let closet = Int(values[2]) else {
            FileHandle.standardError.write(Data("usage: wardrobe-telegram-bench --server UPDATES CHATS CLOSET_SIZE FOLDER\n".utf8))
            exit(2)
        }
        try await TelegramBenchServer.serve(updates: updates, chats: chats, closetSize: closet, folder: values[3])
        exit(0)
    }
    var benchmark = TelegramBenchmark(serverCommand: [CommandLine.arguments[0], "--server"])
    // `--updates N --chats N --closet N` shrink the run, e.g. to see what memory scales with.
    if let value = option("--updates") { benchmark.updates = min(max(value, 1), 1_000_000) }
    if let value = option("--chats") { benchmark.chats = min(max(value, 1), 100_000) }
    if let value = option("--closet") { benchmark.closetSize = min(max(value, 0), 10_000) }
    if let value = option("--in-flight") { benchmark.maxInFlight = min(max(value, 1), 64) }
    print(try await benchmark.run())
    var latency = TelegramLatencyBenchmark()
    if let value = option("--latency-samples") { latency.samples = min(max(value, 1), 1000) }
    print(try await latency.run())
} catch {
    FileHandle.standardError.write(Data("wardrobe-telegram-bench: \(error)\n".utf8))
    exit(1)
}
