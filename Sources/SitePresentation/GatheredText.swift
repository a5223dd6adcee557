import Foundation

/// Bytes gathered a piece at a time, for the text a walk collects for the
/// search index: a body gives it one text node at a time, some 70 a post.
/// Appending each to an array went through the array's general append (its
/// capacity, the pieces' count, an iterator left over), about 140
/// instructions a piece before the copy; here a piece is one check of room
/// and one `memcpy`. The room is grown by doubling.
struct GatheredText {
    private var storage: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ piece: UnsafeBufferPointer<UInt8>) {
        guard let source = piece.baseAddress, !piece.isEmpty else { return }
        makeRoom(for: piece.count)
        let start = count
        storage.withUnsafeMutableBufferPointer { room in
            guard let target = room.baseAddress else { return }
            memcpy(target + start, source, piece.count)
        }
        count += piece.count
    }

    mutating func append(_ byte: UInt8) {
        makeRoom(for: 1)
        storage[count] = byte
        count += 1
    }

    /// The bytes gathered, the room past them given back.
    var bytes: [UInt8] {
        mutating get {
            storage.removeLast(storage.count - count)
            return storage
        }
    }

    /// A new room, the bytes so far copied over and the rest zeroed, in two calls.
    private mutating func makeRoom(for more: Int) {
        guard count + more > storage.count else { return }
        let size = max(count + more, 2 * storage.count, 256)
        let used = count
        storage = storage.withUnsafeBufferPointer { old in
            [UInt8](unsafeUninitializedCapacity: size) { room, initialized in
                guard let target = room.baseAddress else { return }
                if let source = old.baseAddress { memcpy(target, source, used) }
                memset(target + used, 0, size - used)
                initialized = size
            }
        }
    }
}
