import Foundation
import Support

/// Times the outfit flat-lay and the closet contact sheet (`wardrobe bench images`), against their budgets.
public enum PictureBenchmark {
    /// Median times of each picture, with the sizes drawn.
    public struct Report: Sendable, CustomStringConvertible {
        /// Runs per figure.
        public let runs: Int
        /// A 5-piece flat-lay drawn straight from 1024 px sources (no thumbnails yet).
        public let flatLayFromSources: Figure
        /// The same flat-lay from warm (cached) thumbnails, as `/outfit` draws it after the first time.
        public let flatLayWarm: Figure
        /// A 5-piece flat-lay of swatches (pieces without photos), as the Telegram benchmark's closets draw it.
        public let flatLaySwatches: Figure
        /// A 24-piece contact sheet from warm thumbnails.
        public let sheetWarm: Figure
        /// Making one flat-lay thumbnail from a 1024 px source (paid once per image, then cached).
        public let thumbnailOnce: Figure
        /// The first picture in the process, which loads the fonts (paid once per process).
        public let firstPicture: Duration
        /// Pixel sizes drawn: flat-lay, then sheet.
        public let sizes: String

        /// The load average when the run started, since a busy machine stretches wall times.
        public let loadAverage: String

        /// The report as lines of text.
        public var description: String {
            [
                "Picture benchmark (\(runs) runs each, median wall time and CPU time; \(sizes); load average \(loadAverage))",
                "  flat-lay, 5 pieces from 1024 px sources:  \(Self.format(flatLayFromSources)) (budget 60 ms)",
                "  flat-lay, 5 pieces from warm thumbnails:  \(Self.format(flatLayWarm))",
                "  flat-lay, 5 swatches (no photos):         \(Self.format(flatLaySwatches))",
                "  closet sheet, 24 pieces, warm thumbnails: \(Self.format(sheetWarm)) (budget 150 ms)",
                "  one thumbnail from a 1024 px source:      \(Self.format(thumbnailOnce)) (once per image, then cached)",
                "  first picture in the process:             \(Self.format(firstPicture)) (loads the fonts once)",
            ].joined(separator: "\n")
        }

        private static func format(_ duration: Duration) -> String {
            String(format: "%.1f ms", ImageBenchmarkReport.milliseconds(duration))
        }

        private static func format(_ figure: Figure) -> String {
            format(figure.wall) + " (CPU " + format(figure.cpu) + ")"
        }
    }

    /// The median wall time of a picture and the median CPU time it used (user + system, all threads).
    public struct Figure: Sendable {
        /// Median wall time.
        public let wall: Duration
        /// Median CPU time.
        public let cpu: Duration
    }

    /// Generates 1024 px photo-like sources, makes their thumbnails, and times each picture `runs` times.
    public static func run(runs: Int = 15, processor: ImageProcessor = ImageProcessor()) throws -> Report {
        let style = processor.configuration.pictures
        let sources = try (0..<style.sheetCapacity).map { index in
            try SyntheticPhoto.generate(width: index % 2 == 0 ? 768 : 1024, height: 1024, format: .jpeg, quality: 88, seed: index + 1)
        }
        let colors = [RGB(31, 42, 80), RGB(222, 204, 170), RGB(190, 35, 45), RGB(grey: 30)]
        func tiles(_ photos: [[UInt8]?]) -> [PictureTile] {
            photos.enumerated().map { PictureTile(number: $0.offset + 1, photo: $0.element, color: colors[$0.offset % colors.count], label: "top") }
        }
        let first = try time { _ = try processor.flatLay(column: tiles(Array(sources[0..<4])), side: tiles([sources[4]])) }
        let flatThumbs = try sources[0..<5].map { try processor.thumbnail($0, maxSide: style.flatLayTile).bytes }
        let sheetThumbs = try sources.map { try processor.thumbnail($0, maxSide: style.sheetCell).bytes }
        let clock = ContinuousClock()
        var sizes = ""
        func median(_ work: () throws -> Void) throws -> Figure {
            var times: [Duration] = []
            var cpuTimes: [Duration] = []
            for _ in 0..<max(1, runs) {
                let cpuStart = ProcessMemory.cpuTime()
                let start = clock.now
                try work()
                times.append(clock.now - start)
                cpuTimes.append(ProcessMemory.cpuTime() - cpuStart)
            }
            return Figure(wall: ImageBenchmarkReport.median(times), cpu: ImageBenchmarkReport.median(cpuTimes))
        }
        let fromSources = try median {
            let picture = try processor.flatLay(column: tiles(Array(sources[0..<4])), side: tiles([sources[4]]))
            sizes = "flat-lay \(picture.image.width)×\(picture.image.height)"
        }
        let warm = try median { _ = try processor.flatLay(column: tiles(Array(flatThumbs[0..<4])), side: tiles([flatThumbs[4]])) }
        let swatches = try median { _ = try processor.flatLay(column: tiles([nil, nil, nil, nil]), side: tiles([nil])) }
        let sheet = try median {
            let picture = try processor.closetSheet(tiles(sheetThumbs))
            if !sizes.contains("sheet") { sizes += ", sheet \(picture.image.width)×\(picture.image.height)" }
        }
        let thumbnail = try median { _ = try processor.thumbnail(sources[0], maxSide: style.flatLayTile) }
        return Report(
            runs: max(1, runs), flatLayFromSources: fromSources, flatLayWarm: warm, flatLaySwatches: swatches, sheetWarm: sheet, thumbnailOnce: thumbnail,
            firstPicture: first, sizes: sizes, loadAverage: loadAverage())
    }

    /// The 1-minute load average from /proc/loadavg, or "unknown".
    private static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "unknown" }
        return text.split(separator: " ").first.map(String.init) ?? "unknown"
    }

    private static func time(_ work: () throws -> Void) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        try work()
        return clock.now - start
    }
}
