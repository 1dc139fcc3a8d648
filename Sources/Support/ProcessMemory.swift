#if canImport(Glibc)
import Glibc
#endif
internal import CMalloc
import Foundation

/// Resident-memory and CPU figures of this process and its children, from Linux `/proc` and `getrusage`.
public enum ProcessMemory {
    /// Peak resident set size (VmHWM) in bytes, or 0 when `/proc` is unavailable.
    public static func peakResident() -> Int { statusField("VmHWM:") }

    /// Current resident set size (VmRSS) in bytes, or 0 when `/proc` is unavailable.
    public static func currentResident() -> Int { statusField("VmRSS:") }

    /// Gives freed heap back to the kernel, then restarts the peak from the current size (Linux ≥ 4.0).
    ///
    /// Returns whether the reset worked; without it the peak also covers everything before.
    public static func resetPeak() -> Bool {
        _ = wd_malloc_trim()
        guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
        defer { try? handle.close() }
        do {
            try handle.write(contentsOf: Array("5".utf8))
            return true
        } catch {
            return false
        }
    }

    /// The largest peak resident size of any child process waited for so far, in bytes.
    public static func peakResidentOfChildren() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage) == 0 else { return 0 }
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    }

    /// User plus system CPU time this process has used so far, all threads together.
    public static func cpuTime() -> Duration {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return .zero }
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "")
        else { return 0 }
        return kilobytes * 1024
    }
}
