#ifndef SITEGEN_CRLOTTIE_SHIM_H
#define SITEGEN_CRLOTTIE_SHIM_H
#include <rlottie_capi.h>
#endif
