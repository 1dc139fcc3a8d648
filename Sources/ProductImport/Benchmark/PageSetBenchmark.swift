import Foundation
import HTML
import Support
#if canImport(Glibc)
import Glibc
#endif

/// Times the extractor on a folder of saved real pages (`NAME.html`, with the page URL in
/// `NAME.expected.json` or `NAME.url`): per page the median thread CPU time of
/// decode + scan + extract, and the peak resident memory the extraction added over the page.
public struct PageSetBenchmark: Sendable {
    /// One saved page.
    public struct Page: Sendable {
        /// The file name without extension.
        public let name: String
        /// The page bytes as saved.
        public let bytes: [UInt8]
        /// The address it was saved from.
        public let url: URL
    }

    /// One page's figures.
    public struct Timing: Sendable {
        /// The page name.
        public let name: String
        /// The page size in bytes.
        public let bytes: Int
        /// Median thread CPU time of one extraction.
        public let median: Duration
        /// Median thread CPU time of the parts: charset decoding, the scan, and scan + gumbo tree.
        public let decode: Duration, scan: Duration, tree: Duration
        /// Resident memory the extraction added at its peak, in bytes (0 when unmeasurable).
        public let peakExtraMemory: Int
        /// "ok", or the refusal code when the page was refused.
        public let outcome: String
    }

    /// The pages, sorted by name.
    public let pages: [Page]
    /// The extractor timed.
    public let extractor: ProductExtractor
    /// How often each page is timed.
    public let repetitions: Int

    /// Loads every page in `folder`.
    public init(folder: URL, extractor: ProductExtractor, repetitions: Int = 7) throws(ImportError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".html") }.sorted()
        } catch {
            throw ImportError(.unreadable, detail: "cannot list \(folder.path): \(error)")
        }
        pages = names.compactMap { file in
            let name = String(file.dropLast(5))
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path) else { return nil }
            let bytes = Array(data)
            return Page(name: name, bytes: bytes, url: Self.url(of: name, in: folder) ?? SavedPageAddress.url(in: bytes)
                ?? URL(string: "https://example.invalid/\(name)")!)
        }
        self.extractor = extractor
        self.repetitions = max(1, repetitions)
    }

    /// The URL a page was saved from: `url` in its expectation file, else a `NAME.url` file; nil
    /// when neither gives one (the page's own canonical link or saved-from comment is used then).
    static func url(of name: String, in folder: URL) -> URL? {
        if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".expected.json").path),
           let text = String(data: data, encoding: .utf8),
           let range = text.range(of: #""url"\s*:\s*"([^"]+)""#, options: .regularExpression) {
            let value = text[range].split(separator: "\"").dropFirst(2).first.map(String.init) ?? ""
            if let url = URL(string: value) { return url }
        }
        if let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name + ".url").path),
           let url = URL(string: String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) {
            return url
        }
        return nil
    }

    /// Times every page.
    public func run() -> [Timing] {
        pages.map(time)
    }

    /// Times one page.
    public func time(_ page: Page) -> Timing {
        var outcome = "ok"
        var times: [Duration] = []
        for _ in 0..<repetitions {
            let start = Self.threadCPUTime()
            do throws(ImportError) {
                _ = try extractor.extract(bytes: page.bytes, contentType: nil, pageURL: page.url)
            } catch {
                outcome = error.code
            }
            times.append(Self.threadCPUTime() - start)
        }
        var extra = 0
        if ProcessMemory.resetPeak() {
            let before = ProcessMemory.currentResident()
            _ = try? extractor.extract(bytes: page.bytes, contentType: nil, pageURL: page.url)
            extra = max(0, ProcessMemory.peakResident() - before)
        }
        let utf8 = CharsetDecoder.utf8(page.bytes, contentType: nil)
        let decode = medianTime { _ = CharsetDecoder.utf8(page.bytes, contentType: nil) }
        let site = extractor.sites.site(for: page.url)
        let scan = medianTime { _ = extractor.scan(utf8, site: site) }
        let tree = medianTime { _ = try? HTMLDocument.parse(extractor.scan(utf8, site: site)) }
        return Timing(name: page.name, bytes: page.bytes.count, median: times.sorted()[times.count / 2],
                      decode: decode, scan: scan, tree: tree, peakExtraMemory: extra, outcome: outcome)
    }

    private func medianTime(_ work: () -> Void) -> Duration {
        var times: [Duration] = []
        for _ in 0..<repetitions {
            let start = Self.threadCPUTime()
            work()
            times.append(Self.threadCPUTime() - start)
        }
        return times.sorted()[times.count / 2]
    }

    static func threadCPUTime() -> Duration {
        #if canImport(Glibc)
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
        #else
        return ContinuousClock.now - ContinuousClock.now
        #endif
    }
}
