import ByteScan
import CBlockBits

/// What counting words needs to know of 64 bytes of text, a bit a byte
/// (byte 0 lowest): which are ASCII letters or digits, which are ASCII
/// white space, and which are beyond ASCII. Bytes of none of the three
/// (punctuation, and the zero bytes past a text's end) leave a word as it is.
struct ReadingClasses {
    var word: UInt64
    var space: UInt64
    var beyondASCII: UInt64

    /// The 64 bytes at `block`: sixteen at a time where the machine has the
    /// instructions (`CBlockBits`), else eight at a time.
    @inline(__always)
    init(of block: UnsafePointer<UInt8>) {
        #if arch(x86_64)
        let bits = sitegen_classify_reading_block(block)
        (word, space, beyondASCII) = (bits.word, bits.space, bits.beyondASCII)
        #else
        self.init(portable: block, count: 64)
        #endif
    }

    /// The last `count` (under 64) bytes of a text, the rest of the block
    /// classed as zero bytes: nothing past the text is read.
    @inline(__always)
    init(ofLast bytes: UnsafePointer<UInt8>, count: Int) {
        #if arch(x86_64)
        let bits = sitegen_classify_reading_tail(bytes, count)
        (word, space, beyondASCII) = (bits.word, bits.space, bits.beyondASCII)
        #else
        self.init(portable: bytes, count: count)
        #endif
    }

    /// The same, eight bytes at a time in any machine's instructions.
    init(portable bytes: UnsafePointer<UInt8>, count: Int) {
        (word, space, beyondASCII) = (0, 0, 0)
        var offset = 0
        while offset < min(count, 64) {
            let chunk = count - offset >= 8 ? ByteWord(loadingFrom: bytes + offset) : ByteWord(loadingFrom: bytes + offset, count: count - offset)
            let shift = UInt64(offset)
            word |= (chunk.settingBits(0x20).within(0x61...0x7A) | chunk.within(0x30...0x39)).bitPerByte &<< shift
            space |= (chunk.within(0x09...0x0D) | chunk.matching(0x20)).bitPerByte &<< shift
            beyondASCII |= chunk.nonASCII.bitPerByte &<< shift
            offset += 8
        }
    }

    /// Only the first `count` bytes (0 to 63) kept; the rest classed as zero bytes.
    @inline(__always)
    func prefix(_ count: Int) -> ReadingClasses {
        let kept = count == 0 ? 0 : UInt64.max &>> UInt64(64 &- count)
        return ReadingClasses(word: word & kept, space: space & kept, beyondASCII: beyondASCII & kept)
    }

    /// The block after its first `count` (1 to 63) bytes, its end classed as zero bytes.
    @inline(__always)
    func dropping(_ count: Int) -> ReadingClasses {
        let shift = UInt64(count)
        return ReadingClasses(word: word &>> shift, space: space &>> shift, beyondASCII: beyondASCII &>> shift)
    }

    private init(word: UInt64, space: UInt64, beyondASCII: UInt64) {
        (self.word, self.space, self.beyondASCII) = (word, space, beyondASCII)
    }
}
