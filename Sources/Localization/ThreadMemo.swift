#if canImport(Glibc)
    public import Glibc
#elseif canImport(Darwin)
    public import Darwin
#endif

/// Texts remembered by key, one table per thread: the event loops word cards at once, and a table shared by both
/// cores — even split in sixteen parts with a lock each — kept them passing the same cache lines back and forth (its
/// locks, and the reference counts of the texts every card shares: a shared memo cost three times the wording it
/// saved, issue 64's profile). Here a look-up takes no lock, and each thread holds texts of its own. A table starts
/// over once it holds `capacity` entries; a thread's table goes with the thread.
///
/// Inlinable, so a module that keeps one specializes it for its key: unspecialized, a look-up reached the key's hash
/// and equality through witness tables and copied the key through value witnesses. A memo lives as long as the
/// program (each is a `static let`): its slot is never given back.
public final class ThreadMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// One thread's entries, reached only from that thread.
    @usableFromInline
    final class Table {
        @usableFromInline var entries: [Key: Value] = [:]

        @usableFromInline
        init() {}
    }

    /// The thread-specific slot that holds each thread's table (retained by the slot, released when the thread ends).
    @usableFromInline let slot: pthread_key_t
    @usableFromInline let capacity: Int

    /// A memo of at most `capacity` entries per thread.
    public init(capacity: Int) {
        var slot = pthread_key_t()
        #if canImport(Glibc)
            let created = pthread_key_create(&slot) { table in
                table.map { Unmanaged<AnyObject>.fromOpaque($0).release() }
            }
        #else
            let created = pthread_key_create(&slot) { table in Unmanaged<AnyObject>.fromOpaque(table).release() }
        #endif
        precondition(created == 0, "no thread-specific slot left for a memo")
        self.slot = slot
        self.capacity = max(1, capacity)
    }

    /// The value remembered for `key` on this thread, or `make()`'s, remembered.
    @inlinable
    public func value(_ key: Key, _ make: () -> Value) -> Value {
        let table: Table
        if let kept = pthread_getspecific(slot) {
            table = Unmanaged<Table>.fromOpaque(kept).takeUnretainedValue()
        } else {
            table = Table()
            pthread_setspecific(slot, Unmanaged.passRetained(table).toOpaque())
        }
        if let known = table.entries[key] { return known }
        let value = make()
        if table.entries.count >= capacity { table.entries.removeAll(keepingCapacity: true) }
        table.entries[key] = value
        return value
    }
}
