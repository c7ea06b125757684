#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which part of a table split by thread the current thread writes: the same part every time on one thread, and
/// most likely another on another thread, so cores that count at once do not write the same cache lines.
enum ThreadIdentity {
    /// The current thread's part of `count` parts.
    static func part(of count: Int) -> Int {
        #if canImport(Glibc)
            let identity = UInt64(pthread_self())
        #else
            let identity = UInt64(UInt(bitPattern: pthread_self()))
        #endif
        // Fibonacci hashing: the identity is an aligned address, so its low bits say nothing.
        return Int((identity &* 0x9E37_79B9_7F4A_7C15) >> 32) % count
    }
}
