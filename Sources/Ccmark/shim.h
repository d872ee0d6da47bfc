#ifndef ALERTKIT_CCMARK_SHIM_H
#define ALERTKIT_CCMARK_SHIM_H
#include <cmark.h>
#endif
