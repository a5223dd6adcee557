#ifndef SITEGEN_CBLOCKBITS_H
#define SITEGEN_CBLOCKBITS_H

#include <stdint.h>

/// Which of 64 bytes of text are ASCII letters or digits, and which are not
/// ASCII, one bit a byte (byte 0 lowest).
typedef struct {
    uint64_t word;
    uint64_t beyondASCII;
} sitegen_block_bits;

// Every x86-64 machine has SSE2; Swift calls this under `#if arch(x86_64)`.
#if defined(__SSE2__)
#include <emmintrin.h>

/// The classes of the 64 bytes at `block`, sixteen at a time: a compare
/// gives 0xFF or 0 a byte, and one instruction (`pmovmskb`) gathers the
/// sixteen high bits. Swift can say the compares but not the gathering;
/// done eight bytes at a time in Swift, the gathering was a multiply a word.
static inline sitegen_block_bits sitegen_classify_block(const uint8_t *block) {
    // Signed compares only: shifting a range to start at -128 makes "within
    // the range" one compare with its end.
    const __m128i caseBit = _mm_set1_epi8(0x20);
    const __m128i toLetters = _mm_set1_epi8((char)(0x80 - 'a'));
    const __m128i afterLetters = _mm_set1_epi8((char)(0x80 + 26));
    const __m128i toDigits = _mm_set1_epi8((char)(0x80 - '0'));
    const __m128i afterDigits = _mm_set1_epi8((char)(0x80 + 10));
    sitegen_block_bits bits = {0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(block + 16 * part));
        __m128i letters = _mm_cmplt_epi8(_mm_add_epi8(_mm_or_si128(bytes, caseBit), toLetters), afterLetters);
        __m128i digits = _mm_cmplt_epi8(_mm_add_epi8(bytes, toDigits), afterDigits);
        bits.word |= (uint64_t)(uint16_t)_mm_movemask_epi8(_mm_or_si128(letters, digits)) << (16 * part);
        bits.beyondASCII |= (uint64_t)(uint16_t)_mm_movemask_epi8(bytes) << (16 * part);
    }
    return bits;
}
#endif

#endif
