#include <wayland-client.h>
#include "xdg-output-client-protocol.h"

// Interfaces are const globals Swift imports as values; binding a global needs their address.
static inline const struct wl_interface *podium_zxdg_output_manager_v1_interface(void) {
  return &zxdg_output_manager_v1_interface;
}
