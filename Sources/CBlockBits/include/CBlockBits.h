#ifndef SITEGEN_CBLOCKBITS_H
#define SITEGEN_CBLOCKBITS_H

#include <stdint.h>
#include <string.h>

/// Which of 64 bytes of text are ASCII letters or digits, and which are not
/// ASCII, one bit a byte (byte 0 lowest).
typedef struct {
    uint64_t word;
    uint64_t beyondASCII;
} sitegen_block_bits;

// Every x86-64 machine has SSE2; Swift calls this under `#if arch(x86_64)`.
#if defined(__SSE2__)
#include <emmintrin.h>

/// 0xFF in each of sixteen bytes that is an ASCII letter or digit, 0 in
/// the others. Signed compares only: shifting a range to start at -128
/// makes "within the range" one compare with its end.
static inline __m128i sitegen_word_bytes(__m128i bytes) {
    const __m128i caseBit = _mm_set1_epi8(0x20);
    const __m128i toLetters = _mm_set1_epi8((char)(0x80 - 'a'));
    const __m128i afterLetters = _mm_set1_epi8((char)(0x80 + 26));
    const __m128i toDigits = _mm_set1_epi8((char)(0x80 - '0'));
    const __m128i afterDigits = _mm_set1_epi8((char)(0x80 + 10));
    __m128i letters = _mm_cmplt_epi8(_mm_add_epi8(_mm_or_si128(bytes, caseBit), toLetters), afterLetters);
    __m128i digits = _mm_cmplt_epi8(_mm_add_epi8(bytes, toDigits), afterDigits);
    return _mm_or_si128(letters, digits);
}

/// The classes of the 64 bytes at `block`, sixteen at a time: a compare
/// gives 0xFF or 0 a byte, and one instruction (`pmovmskb`) gathers the
/// sixteen high bits. Swift can say the compares but not the gathering;
/// done eight bytes at a time in Swift, the gathering was a multiply a word.
static inline sitegen_block_bits sitegen_classify_block(const uint8_t *block) {
    sitegen_block_bits bits = {0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(block + 16 * part));
        bits.word |= (uint64_t)(uint16_t)_mm_movemask_epi8(sitegen_word_bytes(bytes)) << (16 * part);
        bits.beyondASCII |= (uint64_t)(uint16_t)_mm_movemask_epi8(bytes) << (16 * part);
    }
    return bits;
}

/// Which of 64 bytes of text are ASCII letters or digits, which are ASCII
/// white space (tab to carriage return, and space), and which are not
/// ASCII: what counting a text's words needs.
typedef struct {
    uint64_t word;
    uint64_t space;
    uint64_t beyondASCII;
} sitegen_reading_bits;

/// The reading classes of the 64 bytes at `block`, sixteen at a time.
static inline sitegen_reading_bits sitegen_classify_reading_block(const uint8_t *block) {
    const __m128i toControls = _mm_set1_epi8((char)(0x80 - 0x09));
    const __m128i afterControls = _mm_set1_epi8((char)(0x80 + 5));
    const __m128i spaces = _mm_set1_epi8(0x20);
    sitegen_reading_bits bits = {0, 0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(block + 16 * part));
        __m128i white = _mm_or_si128(_mm_cmpeq_epi8(bytes, spaces),
                                     _mm_cmplt_epi8(_mm_add_epi8(bytes, toControls), afterControls));
        bits.word |= (uint64_t)(uint16_t)_mm_movemask_epi8(sitegen_word_bytes(bytes)) << (16 * part);
        bits.space |= (uint64_t)(uint16_t)_mm_movemask_epi8(white) << (16 * part);
        bits.beyondASCII |= (uint64_t)(uint16_t)_mm_movemask_epi8(bytes) << (16 * part);
    }
    return bits;
}

/// The same for the last `count` (under 64) bytes of a text, read from a
/// copy padded with zero bytes, which are none of the three: nothing is
/// read past the text's end.
static inline sitegen_reading_bits sitegen_classify_reading_tail(const uint8_t *bytes, size_t count) {
    uint8_t padded[64] = {0};
    memcpy(padded, bytes, count < 64 ? count : 64);
    return sitegen_classify_reading_block(padded);
}

/// The offset of the first quote, backslash or control character (a byte
/// below 0x20) in the `count` bytes at `bytes`, or `count` when there is
/// none: where a JSON string's scan stops, sixteen bytes at a time.
static inline size_t sitegen_json_special(const uint8_t *bytes, size_t count) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    // Unsigned "below 0x20" as a signed compare: the top bit flipped on both sides.
    const __m128i flip = _mm_set1_epi8((char)0x80);
    const __m128i controlsEnd = _mm_set1_epi8((char)(0x20 ^ 0x80));
    size_t index = 0;
    for (; index + 16 <= count; index += 16) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i special = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)),
                                       _mm_cmplt_epi8(_mm_xor_si128(chunk, flip), controlsEnd));
        int mask = _mm_movemask_epi8(special);
        if (mask != 0) return index + (size_t)__builtin_ctz((unsigned)mask);
    }
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        if (byte == '"' || byte == '\\' || byte < 0x20) return index;
    }
    return count;
}

/// Escapes the `count` bytes at `source` into `target` and returns the
/// count written. The special bytes are those below `below` and the
/// `otherCount` (at most 8) bytes of `others`; each is written as its
/// entry in `entries` says (its bytes first byte lowest, their count in the
/// top byte), every other byte as it is. `target` has room for the longest
/// escaping and 16 bytes more. Sixteen bytes are looked at a time: a run
/// of plain bytes is copied with one 16-byte store, wherever the specials fall.
static inline size_t sitegen_escape(const uint8_t *source, size_t count, uint8_t *target, const uint64_t *entries,
                                    uint8_t below, const uint8_t *others, size_t otherCount) {
    __m128i wanted[8];
    size_t wantedCount = otherCount < 8 ? otherCount : 8;
    for (size_t k = 0; k < wantedCount; k++) wanted[k] = _mm_set1_epi8((char)others[k]);
    const __m128i flip = _mm_set1_epi8((char)0x80);
    const __m128i belowFlipped = _mm_set1_epi8((char)(below ^ 0x80));
    size_t index = 0;
    size_t written = 0;
    // A run is copied from up to 31 bytes past a chunk's start: the last 31 bytes go one by one.
    while (index + 32 <= count) {
        __m128i chunk = _mm_loadu_si128((const __m128i *)(source + index));
        __m128i special = _mm_cmplt_epi8(_mm_xor_si128(chunk, flip), belowFlipped);
        for (size_t k = 0; k < wantedCount; k++) special = _mm_or_si128(special, _mm_cmpeq_epi8(chunk, wanted[k]));
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask == 0) {
            _mm_storeu_si128((__m128i *)(target + written), chunk);
            index += 16;
            written += 16;
            continue;
        }
        size_t at = 0;
        while (mask != 0) {
            size_t place = (size_t)__builtin_ctz(mask);
            mask &= mask - 1;
            _mm_storeu_si128((__m128i *)(target + written), _mm_loadu_si128((const __m128i *)(source + index + at)));
            written += place - at;
            uint64_t entry = entries[source[index + place]];
            memcpy(target + written, &entry, 8);
            written += (size_t)(entry >> 56);
            at = place + 1;
        }
        // The chunk's bytes after its last special are looked at again with the next chunk.
        index += at;
    }
    for (; index < count; index++) {
        uint64_t entry = entries[source[index]];
        memcpy(target + written, &entry, 8);
        written += (size_t)(entry >> 56);
    }
    return written;
}
#endif

#endif
