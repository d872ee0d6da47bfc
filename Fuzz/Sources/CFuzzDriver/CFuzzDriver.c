// The declaration in include/CFuzzDriver.h is all this target holds; libFuzzer defines the function.
#include "CFuzzDriver.h"
