import Synchronization

/// Where each key of a template was last found in the object that had it.
///
/// A view model's object is made by the same code on every page, so a key
/// sits at the same place in it each time: trying that place first finds
/// most keys with one comparison, where searching the object compared a
/// dozen keys' lengths and some keys' bytes (about 120 instructions a
/// look-up, two million look-ups a build at 10,000 posts). A template's
/// hints are shared by every thread rendering it; a hint is only a place
/// to try first, so one thread's hint overwriting another's costs a search,
/// never a wrong value.
final class KeyHints: @unchecked Sendable {
    /// No place tried yet.
    static let none = Int(UInt8.max)

    /// One relaxed atomic byte per key (`Template.keys`): the threads share
    /// them without a lock. Safe to share because every access is atomic.
    private let places: UnsafeMutablePointer<Atomic<UInt8>>
    let count: Int

    init(count: Int) {
        self.count = count
        places = .allocate(capacity: max(count, 1))
        for index in 0..<count { (places + index).initialize(to: Atomic(UInt8.max)) }
    }

    deinit {
        places.deinitialize(count: count)
        places.deallocate()
    }

    /// The place to try first for key `key`, `none` when there is none.
    @inline(__always)
    func place(ofKey key: Int) -> Int {
        Int(places[key].load(ordering: .relaxed))
    }

    /// Notes where key `key` was found; places past what a byte holds are not kept.
    @inline(__always)
    func note(_ place: Int, forKey key: Int) {
        guard place < Self.none else { return }
        places[key].store(UInt8(place), ordering: .relaxed)
    }
}
