// The classifier is all in the header, inlined where Swift calls it.
#include "CBlockBits.h"
