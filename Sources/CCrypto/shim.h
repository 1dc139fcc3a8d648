#ifndef WARDROBE_CCRYPTO_SHIM_H
#define WARDROBE_CCRYPTO_SHIM_H
// Only the EVP cipher interface (AES-256-CTR for Matrix attachments) and SHA-256.
#include <openssl/evp.h>
#include <openssl/err.h>
#endif
