#ifndef WARDROBE_CSODIUM_SHIM_H
#define WARDROBE_CSODIUM_SHIM_H
#include <sodium.h>
#endif
