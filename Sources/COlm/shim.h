#ifndef WARDROBE_COLM_SHIM_H
#define WARDROBE_COLM_SHIM_H
#include <olm/olm.h>
#include <olm/inbound_group_session.h>
#include <olm/outbound_group_session.h>
#endif
