extension String {
    /// Calls `body` with the string's UTF-8 where it is stored. `withUTF8`
    /// is mutating: called on a copy, it counted a reference up and down (two
    /// atomic operations) for every string printed, escaped or hashed, and a
    /// string that other threads read too has its count in their caches.
    /// A native string is always stored contiguously; any other is copied.
    @inlinable @inline(__always)
    public func withUTF8InPlace<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return try copy.withUTF8(body)
    }
}
