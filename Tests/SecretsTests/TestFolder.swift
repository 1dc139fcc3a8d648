#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp, removed with its files when the test drops it.
final class TestFolder {
    let path: String

    init() {
        var template = Array("/tmp/wardrobe-secrets-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    deinit {
        chmod(path, 0o700)
        for name in files() { unlink("\(path)/\(name)") }
        rmdir(path)
    }

    /// The names of the files in the folder, sorted.
    func files() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The raw bytes of a file, or nil when it can't be read.
    func bytes(_ name: String) -> [UInt8]? {
        guard let file = fopen("\(path)/\(name)", "rb") else { return nil }
        defer { fclose(file) }
        var content: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count == 0 { break }
            content += chunk[0..<count]
        }
        return content
    }

    /// Replaces a file's bytes.
    func write(_ name: String, _ content: [UInt8]) {
        let file = fopen("\(path)/\(name)", "wb")!
        _ = content.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        fclose(file)
    }

    /// The permission bits of a file.
    func mode(_ name: String) -> mode_t {
        var info = stat()
        stat("\(path)/\(name)", &info)
        return info.st_mode & 0o777
    }
}

extension [UInt8] {
    /// True when `needle` occurs anywhere in these bytes.
    func contains(bytes needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= count else { return needle.isEmpty }
        return (0...(count - needle.count)).contains { self[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
