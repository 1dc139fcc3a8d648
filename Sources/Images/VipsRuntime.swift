internal import CVips
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Starts libvips once per process and reads its error buffer.
enum VipsRuntime {
    /// `nil` once libvips has started, otherwise why it did not. Swift runs this initialiser once, thread-safely.
    private static let startupFailure: String? = {
        // Before libvips starts its worker threads; an explicit MALLOC_ARENA_MAX from the environment wins.
        if getenv("MALLOC_ARENA_MAX") == nil { wd_limit_malloc_arenas(2) }
        if getenv("MALLOC_MMAP_THRESHOLD_") == nil { wd_fix_mmap_threshold(128 * 1024) }
        guard wd_vips_init("wardrobe") == 0 else { return takeError() }
        wd_vips_silence_warnings()
        // liborc's code memory is not thread-safe (see the shim); the plain loops give the same pixels.
        wd_vips_disable_orc()
        // Chat photos come from strangers: keep ImageMagick, PDF, SVG and slide loaders out of reach entirely,
        // on top of the format allow-list in ImageProcessor.readHeader.
        vips_block_untrusted_set(1)
        // Every call works on fresh bytes, so cached operations would only hold memory and input buffers.
        vips_cache_set_max(0)
        vips_cache_set_max_mem(0)
        vips_cache_set_max_files(0)
        return nil
    }()

    /// Starts libvips if needed; throws when it cannot start.
    static func start() throws(ImageError) {
        if let startupFailure { throw .processingFailed(detail: "libvips init: \(startupFailure)") }
    }

    /// Whether libvips runs liborc-compiled loops; false once started (see `wd_vips_disable_orc`).
    static var compiledLoopsEnabled: Bool {
        wd_vips_orc_enabled() != 0
    }

    /// Whether libvips has an operation with this nickname, such as `heifload_buffer`.
    static func hasOperation(_ nickname: String) -> Bool {
        guard startupFailure == nil else { return false }
        return vips_type_find("VipsOperation", nickname) != 0
    }

    /// Held around every public call that runs libvips. libvips keeps one error buffer per process, so two
    /// calls at once could clear or read each other's message. The async API already runs one image at a
    /// time on its queue; this makes the synchronous API just as safe when called from several threads.
    private static let lock = NSRecursiveLock()

    /// Runs `body` while no other thread runs libvips through this module (re-entrant).
    static func exclusively<Output>(_ body: () throws(ImageError) -> Output) throws(ImageError) -> Output {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Drops messages left over from earlier calls, so the next error text is about the next call.
    static func clearError() {
        vips_error_clear()
    }

    /// The error buffer as one line, then clears it.
    static func takeError() -> String {
        let lines = String(cString: vips_error_buffer()).split(whereSeparator: \.isNewline)
        vips_error_clear()
        // libjpeg repeats a warning once per scanline batch; keep each distinct line once.
        var seen: Set<Substring> = []
        let text = lines.filter { seen.insert($0).inserted }.joined(separator: "; ")
        return text.isEmpty ? "unknown libvips error" : String(text.prefix(400))
    }
}
