import Synchronization

/// A table that many threads read and write, split into shards that each
/// have their own lock: the threads of a build look up the same caches
/// thousands of times a second, and with one lock they queued behind each
/// other (a lock that waits puts its thread to sleep, leaving a core idle).
/// The caller gives each key's shard from a hash the key already holds.
public final class ShardedTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private final class Shard: Sendable {
        let table = Mutex<[Key: Value]>([:])
    }

    /// Far more shards than threads: two threads rarely want the same one.
    private static var shardCount: Int { 64 }
    private let shards: [Shard]

    public init() {
        shards = (0..<Self.shardCount).map { _ in Shard() }
    }

    private func shard(_ hash: UInt64) -> Shard {
        shards[Int(truncatingIfNeeded: hash) & (Self.shardCount - 1)]
    }

    public func value(for key: Key, hash: UInt64) -> Value? {
        shard(hash).table.withLock { $0[key] }
    }

    public func set(_ value: Value, for key: Key, hash: UInt64) {
        shard(hash).table.withLock { $0[key] = value }
    }

    /// How many values the table holds.
    public var count: Int {
        shards.reduce(0) { $0 + $1.table.withLock { $0.count } }
    }
}
