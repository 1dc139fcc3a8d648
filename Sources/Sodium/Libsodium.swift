internal import CSodium

/// Entry points to libsodium that are not tied to one key type: setup, random bytes, comparison, wiping.
public enum Libsodium {
    /// The result of the one `sodium_init` call; Swift runs a global's initializer exactly once, thread-safely.
    private static let initResult: Int32 = sodium_init()

    /// Initializes libsodium once; safe to call from any thread, any number of times.
    public static func initialize() throws(SodiumError) {
        // 0 means initialized now, 1 means it already was; only -1 is a failure.
        guard initResult >= 0 else { throw SodiumError.initializationFailed }
    }

    /// Initializes libsodium or stops the process: without it no other call here is safe.
    static func ready() {
        if initResult < 0 { fatalError("libsodium could not be initialized (sodium_init returned \(initResult))") }
    }

    /// `count` bytes from the operating system's secure random source.
    public static func randomBytes(_ count: Int) -> [UInt8] {
        ready()
        guard count > 0 else { return [] }
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            randombytes_buf(buffer.baseAddress!, count)
            initialized = count
        }
    }

    /// True when both byte arrays are equal, compared in time that depends only on their length.
    public static func constantTimeEquals(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        ready()
        guard first.count == second.count else { return false }
        guard !first.isEmpty else { return true }
        return first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in sodium_memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// Overwrites the bytes with zeros in a way the compiler will not optimize away, then empties the array.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { buffer in
            if let base = buffer.baseAddress { sodium_memzero(base, buffer.count) }
        }
        bytes.removeAll()
    }
}
