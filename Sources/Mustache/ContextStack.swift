/// The values a name is looked up in, innermost last. Sections push onto it,
/// so an inner object shadows the keys of the ones around it.
struct ContextStack {
    private var frames: [MustacheValue]

    init(root: MustacheValue) {
        frames = [root]
        frames.reserveCapacity(16)
    }

    mutating func push(_ value: MustacheValue) {
        frames.append(value)
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// Resolves `name` as the spec does: the first key of a dotted path is the
    /// innermost frame that has it, the other keys are looked up only inside
    /// that value. A miss anywhere is `.null`.
    func resolve(_ name: Name) -> MustacheValue {
        switch name {
        case .implicitIterator:
            return frames.last ?? .null
        case .key(let key):
            return innermostValue(forKey: key) ?? .null
        case .path(let first, let rest):
            guard var value = innermostValue(forKey: first) else {
                return .null
            }
            for key in rest {
                guard case .object(let object) = value, let next = object[key] else {
                    return .null
                }
                value = next
            }
            return value
        }
    }

    private func innermostValue(forKey key: String) -> MustacheValue? {
        var index = frames.count - 1
        while index >= 0 {
            if case .object(let object) = frames[index], let value = object[key] {
                return value
            }
            index -= 1
        }
        return nil
    }
}
