/// The values a name is looked up in, innermost last. Sections push onto it,
/// so an inner object shadows the keys of the ones around it.
struct ContextStack {
    private var frames: [MustacheValue]
    /// The outermost frame a lookup has depended on, -1 after a miss (which
    /// every frame could have answered): what a kept fragment may rely on.
    var outermostFrameRead = Int.max

    /// The index the next frame pushed gets.
    var depth: Int { frames.count }

    init(root: MustacheValue) {
        frames = [root]
        frames.reserveCapacity(16)
    }

    /// A deferred object is made here, once for all the lookups in its frame.
    mutating func push(_ value: MustacheValue) {
        if case .object(let object) = value, object.isDeferred {
            frames.append(.object(object.materialized))
        } else {
            frames.append(value)
        }
    }

    mutating func pop() {
        frames.removeLast()
    }

    /// Resolves `name` as the spec does: the first key of a dotted path is the
    /// innermost frame that has it, the other keys are looked up only inside
    /// that value. A miss anywhere is `.null`. The name's keys, and where
    /// each was last found, are the template's.
    mutating func resolve(_ name: Name, in template: Template) -> MustacheValue {
        switch name {
        case .implicitIterator:
            outermostFrameRead = min(outermostFrameRead, frames.count - 1)
            return frames.last ?? .null
        case .key(let index):
            return innermostValue(forKey: index, in: template) ?? .null
        case .path(let range):
            guard var value = innermostValue(forKey: range.lowerBound, in: template) else {
                return .null
            }
            for index in range.dropFirst() {
                guard case .object(let object) = value,
                      let next = object.value(forKey: template.keys[index], slot: index, hints: template.hints) else {
                    return .null
                }
                value = next
            }
            return value
        }
    }

    private mutating func innermostValue(forKey index: Int, in template: Template) -> MustacheValue? {
        let (value, frame) = lookUp(template.keys[index], slot: index, hints: template.hints)
        outermostFrameRead = min(outermostFrameRead, frame)
        return value
    }

    /// The value and the frame that has it; -1 for a miss. Reading apart from
    /// noting the frame lets the value be borrowed rather than copied.
    private func lookUp(_ key: String, slot: Int, hints: KeyHints) -> (MustacheValue?, Int) {
        frames.withUnsafeBufferPointer { frames in
            var index = frames.count - 1
            while index >= 0 {
                switch frames[index] {
                case .object(let object):
                    if let value = object.value(forKey: key, slot: slot, hints: hints) { return (value, index) }
                default:
                    break
                }
                index -= 1
            }
            return (nil, -1)
        }
    }
}
